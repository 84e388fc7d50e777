// The watched round's page: Play asks for the next step at the round's pace until it is paused or the round is over;
// Next step asks for one. A step still loading is not asked for again. The server says each step in the live region.
(function () {
  "use strict";

  const play = document.getElementById("watch-play");
  const next = document.getElementById("watch-step");
  if (!play || !next) return;
  const pace = Number(play.dataset.paceMs);
  let timer = null;
  let loading = false;

  function over() {
    const felt = document.getElementById("watch-felt");
    return !felt || felt.dataset.over === "true";
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    play.textContent = "Play";
  }

  function tick() {
    if (over()) pause();
    else if (!loading) next.click();
  }

  play.hidden = over();
  play.addEventListener("click", function () {
    if (timer) {
      pause();
      return;
    }
    timer = setInterval(tick, pace);
    play.textContent = "Pause";
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt.contains(next)) loading = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt.contains(next)) loading = false;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!over()) return;
    pause();
    play.hidden = true;
  });
})();
