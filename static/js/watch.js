// The watched round's page: Play asks for the next step at the chosen speed until it is paused or the round is
// over; Next step asks for one. The speed starts at the table's pace; Slower and Faster step through the speeds the
// page offers (its bounds) and say the new pace in the one live region. A step still loading is not asked for again.
// The server times every step and flag itself: the speed only decides when the page asks.
(function () {
  "use strict";

  const play = document.getElementById("watch-play");
  const next = document.getElementById("watch-step");
  const slower = document.getElementById("watch-slower");
  const faster = document.getElementById("watch-faster");
  const speed = document.getElementById("watch-speed");
  const announce = document.getElementById("watch-announce");
  if (!play || !next || !slower || !faster || !speed || !announce) return;
  const pace = Number(speed.dataset.paceMs);
  const speeds = speed.dataset.speeds.split(" ").map(Number);
  let chosen = speeds.indexOf(1);
  let timer = null;
  let loading = false;

  function over() {
    const felt = document.getElementById("watch-felt");
    return !felt || felt.dataset.over === "true";
  }

  function interval() {
    return Math.round(pace / speeds[chosen]);
  }

  function paceText() {
    const seconds = (interval() / 1000).toLocaleString("en", { maximumFractionDigits: 1 });
    const how = speeds[chosen] === 1 ? "At the table's pace" : `At ${speeds[chosen]} times the table's pace`;
    return `${how}, one step every ${seconds} seconds while it plays.`;
  }

  function showSpeed() {
    // aria-disabled, not disabled: the button at a bound keeps the keyboard's focus.
    slower.setAttribute("aria-disabled", String(chosen === 0));
    faster.setAttribute("aria-disabled", String(chosen === speeds.length - 1));
    speed.textContent = paceText();
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

  function start() {
    timer = setInterval(tick, interval());
    play.textContent = "Pause";
  }

  function choose(change) {
    chosen = Math.min(speeds.length - 1, Math.max(0, chosen + change));
    showSpeed();
    announce.textContent = paceText();
    if (timer) {
      clearInterval(timer);
      start();
    }
  }

  play.hidden = slower.hidden = faster.hidden = over();
  showSpeed();
  play.addEventListener("click", function () {
    if (timer) pause();
    else start();
  });
  slower.addEventListener("click", function () {
    choose(-1);
  });
  faster.addEventListener("click", function () {
    choose(1);
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
    play.hidden = slower.hidden = faster.hidden = true;
  });
})();
