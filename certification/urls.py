"""URL routes of exams and certificates: scheduling, sittings, results, certificates and their public verification."""

from django.urls import path

from certification import certificate_views, exam_views

urlpatterns = [
    path("exams/", exam_views.exam_list, name="exams"),
    path("exams/new/", exam_views.exam_new, name="exam_new"),
    path("exams/<int:exam_id>/", exam_views.exam, name="exam"),
    path("exams/<int:exam_id>/edit/", exam_views.exam_edit, name="exam_edit"),
    path("exams/<int:exam_id>/cancel/", exam_views.exam_cancel, name="exam_cancel"),
    path("exams/<int:exam_id>/sit/", exam_views.sit, name="sit_exam"),
    path("sittings/<int:sitting_id>/", exam_views.sitting, name="sitting"),
    path("sittings/<int:sitting_id>/next/", exam_views.next_round, name="next_exam_round"),
    path("results/<int:result_id>/correct/", exam_views.correct, name="correct_result"),
    path("results/<int:result_id>/sign-off/", exam_views.sign_off_result, name="sign_off_result"),
    path("results/<int:result_id>/name/", exam_views.enter_full_name, name="enter_full_name"),
    path("certificates/<int:certificate_id>/pdf/", certificate_views.certificate_download, name="certificate_pdf"),
    path("certificates/<int:certificate_id>/revoke/", certificate_views.certificate_revoke, name="revoke_certificate"),
    path("verify/", certificate_views.verify_lookup, name="verify_lookup"),
    path("verify/<str:code>/", certificate_views.verify, name="verify"),
]
