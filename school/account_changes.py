"""An account's open table sockets close when it logs out, its password changes or it is disabled."""

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.http import HttpRequest

from trainer.socket_user import account_group


def close_sockets_of(user_id: int) -> None:
    """Tell every table socket of the account, on any server process, to close as signed out.

    The channel layer bounds the call and drops it if Redis does not answer (:mod:`trainer.channel_layer`), so a page
    is never held up or failed by it; a socket that missed it closes at its own next check (:mod:`trainer.socket_user`).
    """
    layer = get_channel_layer()
    assert layer is not None, "settings.CHANNEL_LAYERS names the channel layer"
    async_to_sync(layer.group_send)(account_group(user_id), {"type": "account.signed.out"})


SIGNING_OUT: set[int] = set()
"""The accounts whose save under way changes their password or disables them (from pre_save to post_save)."""


@receiver(user_logged_out)
def logged_out(sender: Any, request: HttpRequest, user: User | None, **kwargs: Any) -> None:
    """A logout closes the account's sockets."""
    if user is not None:
        close_sockets_of(user.pk)


@receiver(pre_save, sender=User)
def note_sign_in_change(sender: type[User], instance: User, **kwargs: Any) -> None:
    """Note whether this save changes the password or disables the account (one read of the saved row)."""
    saved = User.objects.filter(pk=instance.pk).values("password", "is_active").first() if instance.pk else None
    if saved is None:
        return
    if saved["password"] != instance.password or (saved["is_active"] and not instance.is_active):
        SIGNING_OUT.add(instance.pk)


@receiver(post_save, sender=User)
def close_sockets_on_sign_in_change(sender: type[User], instance: User, **kwargs: Any) -> None:
    """Once the save is committed, a new password or a disabled account closes the account's sockets."""
    if instance.pk in SIGNING_OUT:
        SIGNING_OUT.discard(instance.pk)
        user_id = instance.pk
        transaction.on_commit(lambda: close_sockets_of(user_id))
