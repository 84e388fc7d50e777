// The training table's small helpers: connection state, keyboard shortcuts, and clicks on the felt that fill in
// the controls. htmx and its ws extension do everything else (sending steps, swapping the answers in).
(function () {
  "use strict";

  function connection(text, ready) {
    const label = document.querySelector("#status .connection");
    if (label) label.textContent = text;
    if (ready) document.body.dataset.wsReady = "true";
    else delete document.body.dataset.wsReady;
  }

  document.body.addEventListener("htmx:wsOpen", function () { connection("connected", true); });
  document.body.addEventListener("htmx:wsClose", function () { connection("reconnecting…", false); });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    if (document.body.dataset.wsReady) connection("connected", true);
  });

  // Once a step is sent, its form's typed fields start afresh (an amount is never added to the last one typed).
  document.body.addEventListener("htmx:wsAfterSend", function (event) {
    const form = event.target.closest && event.target.closest("#controls form");
    if (!form) return;
    form.querySelectorAll('input[type="text"], input[type="number"]').forEach(function (field) {
      field.value = field.defaultValue;
    });
  });

  // When the score card arrives, bring it into view and move the focus to its heading.
  let scoreCardShown = Boolean(document.querySelector("#score-card:not(.hidden)"));
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    const card = document.querySelector("#score-card:not(.hidden)");
    const arrived = card && !scoreCardShown;
    scoreCardShown = Boolean(card);
    if (!arrived) return;
    card.scrollIntoView({ block: "start" });
    const heading = card.querySelector("h2");
    if (heading) heading.focus({ preventScroll: true });
  });

  // Choose a place (0 is the dealer) or a seat in every seat and place selector.
  function choosePlace(number) {
    document.querySelectorAll("#controls select[data-place-select]").forEach(function (select) {
      if (select.querySelector('option[value="' + number + '"]')) select.value = String(number);
    });
  }

  document.addEventListener("click", function (event) {
    const area = event.target.closest("#felt .area[data-spot]");
    if (area) {
      choosePlace(area.dataset.seat);
      const form = document.getElementById("settlement-form");
      if (form) {
        form.elements.spot.value = area.dataset.spot;
        form.elements.amount.focus();
      }
      return;
    }
    const seat = event.target.closest("#felt [data-pick-place]");
    if (seat) choosePlace(seat.dataset.pickPlace);
  });

  // Enter in a control's field takes that field's own step (its data-enter-step), never the form's first button;
  // in a field without a step of its own, Enter does nothing.
  function enterTakesTheFieldsStep(event) {
    const field = event.target.closest("#controls input, #controls select");
    if (!field) return false;
    event.preventDefault();
    const step = field.dataset.enterStep;
    const button = step && field.form && field.form.querySelector('button[value="' + step + '"]');
    if (button && !button.disabled) button.click();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Enter" && enterTakesTheFieldsStep(event)) return;
    if (event.target.closest("input, select, textarea")) return;
    if (/^[0-6]$/.test(event.key)) {
      choosePlace(event.key);
      event.preventDefault();
      return;
    }
    const button = document.querySelector('#controls button[data-key="' + event.key.toLowerCase() + '"]');
    if (button) {
      button.click();
      event.preventDefault();
    }
  });
})();
