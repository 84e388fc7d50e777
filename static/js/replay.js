// The replay page: the ← and → arrow keys follow the previous and next links, and after htmx swaps the step in,
// the polite live region says which step is shown and the keyboard focus stays on the link that moved it. A key
// pressed while a step is still loading is ignored: its links are those of the step being left.
(function () {
  "use strict";

  const TYPING = ["INPUT", "SELECT", "TEXTAREA"];
  let focusedRel = null; // "prev" or "next": the link that was focused when the step was asked for
  let loading = false;

  // Follow the previous or next link, if there is one, as a click would.
  function move(rel) {
    const link = document.querySelector('#replay-step a[rel="' + rel + '"]');
    if (link) link.click();
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (TYPING.includes(event.target.tagName) || event.target.isContentEditable) return;
    const rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    if (!rel) return;
    event.preventDefault();
    if (loading) return;
    focusedRel = rel;
    move(rel);
  });

  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("#replay-step a[rel]");
    if (link) focusedRel = link.getAttribute("rel");
    else if (event.target.closest && event.target.closest("#replay-step a")) focusedRel = null;
  });

  document.addEventListener("htmx:beforeRequest", function () {
    loading = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!event.detail.successful) loading = false;
  });

  // Say the step now shown, and put the focus back where the reader was.
  document.addEventListener("htmx:afterSettle", function () {
    loading = false;
    const step = document.getElementById("replay-step");
    if (!step) return;
    document.getElementById("replay-announce").textContent = step.dataset.announce;
    const link = focusedRel && step.querySelector('a[rel="' + focusedRel + '"]');
    if (link) link.focus();
    else (step.querySelector('[aria-current="step"]') || step).focus();
  });
})();
