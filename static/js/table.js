// The training table's small helpers: the connection, keyboard shortcuts, and clicks on the felt that fill in
// the controls. htmx and its ws extension do everything else (sending steps, swapping the answers in).
(function () {
  "use strict";

  // ----- The connection -----
  // Its state is said in #connection when it changes. A socket closed as "not signed in" sends the viewer to log
  // in and back to this page; one closed as "not allowed" (or otherwise for good) says so and takes no more steps.
  // While the table is not connected, one step is held and sent once the table is back (the server answers it, or
  // says the table was out of date); another step is refused, and the status says so. The htmx ws extension
  // reconnects by itself after these closes only, and queues a step sent while the socket is closed.
  const RECONNECTED_CLOSES = [1006, 1011, 1012, 1013];
  const SIGNED_OUT_CLOSE = 4401;
  const FORBIDDEN_CLOSE = 4403;
  const NOT_CONNECTED = {
    connecting: "Connecting…",
    reconnecting: "Connection lost: reconnecting…",
    refused: "Refused: this round is not open to this account. Steps cannot be taken here.",
    closed: "Disconnected: reload the page to deal on.",
    "signed-out": "Signed out: taking you to the login page…",
  };
  let connectionState = "connecting";
  const WILL_BE_SENT = " Your step will be sent when the table is back.";
  let held = null; // the step taken while not connected: { message, sender }

  // Note the connection's state and say it, writing the label only when what it says changes.
  function sayConnection(state, text) {
    connectionState = state;
    const label = document.getElementById("connection");
    if (!label || (label.dataset.state === state && label.textContent === text)) return;
    label.dataset.state = state;
    label.textContent = text;
  }

  // Whether a step taken while not connected is waiting: held here, or in the extension's queue.
  function stepWaiting(socketWrapper) {
    return Boolean(held) || socketWrapper.queue.length > 0;
  }

  // The socket closed: log in again, wait for the extension to reconnect, or say the table is closed for good.
  function connectionLost(event) {
    const code = event.detail.event.code;
    delete document.body.dataset.wsReady;
    if (code === SIGNED_OUT_CLOSE) {
      sayConnection("signed-out", NOT_CONNECTED["signed-out"]);
      const login = document.getElementById("connection").dataset.loginUrl;
      window.location.assign(login + "?next=" + encodeURIComponent(window.location.pathname));
      return;
    }
    if (RECONNECTED_CLOSES.includes(code)) {
      if (connectionState === "reconnecting") return; // each failed retry closes again: nothing new to say
      const waiting = stepWaiting(event.detail.socketWrapper);
      sayConnection("reconnecting", NOT_CONNECTED.reconnecting + (waiting ? WILL_BE_SENT : ""));
      return;
    }
    const state = code === FORBIDDEN_CLOSE ? "refused" : "closed";
    const dropped = stepWaiting(event.detail.socketWrapper) ? " Your waiting step was not sent." : "";
    held = null;
    event.detail.socketWrapper.queue.length = 0;
    sayConnection(state, NOT_CONNECTED[state] + dropped);
  }

  // The table is connected once the socket's first frame (the table as it stands) has arrived.
  function tableArrived(event) {
    if (connectionState === "connected") return;
    sayConnection("connected", "Connected");
    document.body.dataset.wsReady = "true";
    if (held) {
      const step = held;
      held = null;
      event.detail.socketWrapper.send(step.message, step.sender);
    }
  }

  // A step taken while not connected: the first is let through to be held; any other is refused, saying why.
  function stepWhileNotConnected(event) {
    if (connectionState === "connected") return;
    const base = NOT_CONNECTED[connectionState];
    if (connectionState === "refused" || connectionState === "closed" || connectionState === "signed-out") {
      event.preventDefault();
      sayConnection(connectionState, base + " That step was not sent.");
    } else if (stepWaiting(event.detail.socketWrapper)) {
      event.preventDefault();
      sayConnection(connectionState, base + " A step is already waiting to be sent; that one was not sent.");
    } else {
      sayConnection(connectionState, base + WILL_BE_SENT);
    }
  }

  // Hold a step the extension would send before the table has arrived (its queue is sent as the socket opens).
  function holdStep(event) {
    if (connectionState === "connected") return;
    event.preventDefault();
    if (!held) held = { message: event.detail.message, sender: event.target };
  }

  document.body.addEventListener("htmx:wsClose", connectionLost);
  document.body.addEventListener("htmx:wsAfterMessage", tableArrived);
  document.body.addEventListener("htmx:wsConfigSend", stepWhileNotConnected);
  document.body.addEventListener("htmx:wsBeforeSend", holdStep);

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
