"""Surveillance: faults seeded into a round the engine plays, watched on the felt and flagged by a trainee.

The package stands above the game families and the registry (``tests/simulator/test_package_layers.py``). Its API,
for the web side (the surveillance table page, the scoring and the instructors' parts):

* The catalogue (:mod:`.catalogue`): :class:`~.catalogue.FaultKind`, :data:`~.catalogue.FAULTS` (each kind's name,
  who commits it, the steps it happens at), :func:`~.catalogue.fault_kinds` and :func:`~.catalogue.catalogue` per
  game. A seeded fault's clause comes from the clause catalogue (:mod:`simulator.core.clauses`).
* Seeding (:mod:`.watching`): deal a round as the table does (``game.deal(TableDeal(...))``), then
  :func:`~.watching.choose_faults` (0 to 3 at random, of chosen kinds) or :class:`~.watching.FaultChoice` as an
  instructor sets them, and :func:`~.watching.watch`, which plays the round right and gives a
  :class:`~.watching.WatchedRound`. :func:`~.watching.watched_log` is its log (server only) and
  :func:`~.watching.replay_watched` plays it again exactly. ``WatchedRound.felt_at(n)`` says, server side, how many
  operations the felt stands after at watched step ``n`` and which faulty steps to draw as done.
* Watch scenarios (:mod:`.scenarios`): :func:`~.scenarios.read_scenario` reads an instructor's scenario with its
  ``watch`` part (the fault kinds checked against the game's catalogue), :func:`~.scenarios.deal_watch` deals a
  round of it and seeds the faults it allows.
* What a page may be sent (:mod:`.views`): :func:`~.views.public_step` and :func:`~.views.public_steps` (the steps as
  the felt shows them, nothing of any fault), :func:`~.views.fault_menu` (the kinds a flag may name at a game's
  table); after the round (in an exam, after the exam) :func:`~.views.debrief`.
* Flags (:mod:`.flags`): :func:`~.flags.read_flags` reads a page's flags (bad or too many: ValueError, none read),
  :func:`~.flags.step_shown_at` finds the step a flag raised at a time was raised at, and
  :func:`~.flags.score_flags` scores them: caught with the delay in steps and milliseconds, missed, false.
"""
