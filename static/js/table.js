// The training table's small helpers: connection state, keyboard shortcuts and their help, the table fitted to the
// screen and clicks on the felt that fill in the controls; its chip racks are static/js/rack.js's, loaded first. htmx
// and its ws extension do everything else (sending steps, swapping the answers in).
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
  // The socket's limits (trainer/frame_limits.py, trainer/socket_budgets.py) close it for good, or refuse it as it
  // opens, with these codes and the server's reason; a server that drops the reason still has the page say why.
  const LIMIT_CLOSES = {
    4008: "Messages came faster than anyone deals.",
    4009: "A message was far more than any step.",
    4429: "Too many tables are open, or messages came too fast: wait, then try again.",
  };
  const NOT_CONNECTED = {
    connecting: "Connecting…",
    reconnecting: "Connection lost: reconnecting…",
    refused: "Refused: this round is not open to this account. Steps cannot be taken here.",
    closed: "Disconnected: reload the page to deal on.",
    "signed-out": "Signed out: taking you to the login page…",
  };
  let connectionState = "connecting";
  let closeReason = ""; // the server's reason for closing for good (a frame too big, frames too fast), if it gave one
  const WILL_BE_SENT = " Your step will be sent when the table is back.";
  let held = null; // the step taken while not connected: { message, sender }
  let tableSocket = null; // the socket once the table has arrived on it, to tell the server the trainee reads

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
    closeReason = event.detail.event.reason || LIMIT_CLOSES[code] || "";
    const dropped = stepWaiting(event.detail.socketWrapper) ? " Your waiting step was not sent." : "";
    held = null;
    event.detail.socketWrapper.queue.length = 0;
    sayConnection(state, notConnected(state) + dropped);
  }

  // What the table says while not connected, with the server's reason when it closed the table for good.
  function notConnected(state) {
    if (state !== "closed" || !closeReason) return NOT_CONNECTED[state];
    return "Disconnected by the server: " + closeReason + " Reload the page to deal on.";
  }

  // The table is connected once the socket's first frame (the table as it stands) has arrived.
  function tableArrived(event) {
    if (connectionState === "connected") return;
    sayConnection("connected", "Connected");
    document.body.dataset.wsReady = "true";
    tableSocket = event.detail.socketWrapper;
    toldReading = false; // the server starts the step's clock with a connection's first frame
    tellReading(); // reconnected while reading: stop it again
    if (held) {
      const step = held;
      held = null;
      event.detail.socketWrapper.send(step.message, step.sender);
    }
  }

  // A step taken while not connected: the first is let through to be held; any other is refused, saying why.
  function stepWhileNotConnected(event) {
    if (connectionState === "connected") return;
    const base = notConnected(connectionState);
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

  // ----- What the trainee reads: the step's clock stands meanwhile -----
  // The server stops the step's clock while the trainee reads and starts it again after (it measures the time
  // itself; grading/step_clock.py): the keyboard shortcuts' help, an open panel of the page (the paytables posted
  // at the table, a paytable sign, the house rules) or a wrong step's verdict, until the trainee turns back to the
  // controls or the felt. While the table is not connected the clock stands anyway, so nothing is sent then.
  let verdictOpen = false;
  let toldReading = false; // what the server was last told on this connection

  function reading() {
    const helpOpen = Boolean(help && help.open);
    return helpOpen || verdictOpen || document.querySelector(".table-page details[open]") !== null;
  }

  function tellReading() {
    const now = reading();
    if (now === toldReading || connectionState !== "connected" || !tableSocket) return;
    toldReading = now;
    tableSocket.sendImmediately(JSON.stringify({ dialog: now ? "open" : "closed" }));
  }

  // A reply's verdict is open from its arrival (a wrong one holds the rule to read); a panel the frame drew again
  // is drawn closed.
  function frameArrived(event) {
    if (event.detail.message.includes('id="feedback"')) {
      verdictOpen = document.querySelector("#feedback .verdict.wrong") !== null;
    }
    tellReading();
  }

  // The trainee turns back to the table (a control, the felt, a step's key): the verdict is read.
  function backToTheTable(event) {
    if (!verdictOpen) return;
    if (event.type === "keydown" && event.key.length !== 1 && event.key !== "Enter") return;
    if (event.type !== "keydown" && !event.target.closest("#controls, #felt")) return;
    verdictOpen = false;
    tellReading();
  }

  document.body.addEventListener("htmx:wsAfterMessage", frameArrived);
  document.addEventListener("toggle", tellReading, true);
  ["pointerdown", "focusin", "keydown"].forEach(function (type) {
    document.addEventListener(type, backToTheTable, true);
  });

  document.body.addEventListener("htmx:wsClose", connectionLost);
  document.body.addEventListener("htmx:wsAfterMessage", tableArrived);
  document.body.addEventListener("htmx:wsConfigSend", stepWhileNotConnected);
  document.body.addEventListener("htmx:wsBeforeSend", holdStep);

  // ----- A step the school could not save (its database did not answer) is sent again, the same frame -----
  // The server's "not saved" frame names the step's frame number (data-step-not-saved); the last step sent is sent
  // again after a pause that grows to 15 s, until the server answers it otherwise (taken, or already received).
  const RESEND_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];
  const NOT_SAVED = /data-step-not-saved="(\d+)"/;
  let lastSent = null; // the last step sent: { message, sender }
  let resends = 0;

  document.body.addEventListener("htmx:wsAfterSend", function (event) {
    lastSent = { message: event.detail.message, sender: event.target };
  });

  document.body.addEventListener("htmx:wsAfterMessage", function (event) {
    const notSaved = NOT_SAVED.exec(event.detail.message);
    if (!notSaved) {
      resends = 0;
      return;
    }
    const step = lastSent;
    if (!step || String(JSON.parse(step.message).seq) !== notSaved[1]) return;
    const delay = RESEND_DELAYS_MS[Math.min(resends, RESEND_DELAYS_MS.length - 1)];
    resends += 1;
    setTimeout(function () {
      if (lastSent === step) event.detail.socketWrapper.send(step.message, step.sender);
    }, delay);
  });

  // A control group is a form only to hold its step's fields: its buttons send the step over the socket (ws-send),
  // so the form itself is never submitted to the page's address, whether by a button or by Enter in a field.
  document.body.addEventListener("submit", function (event) {
    if (event.target.matches("form.control-group")) event.preventDefault();
  });

  // Once a step is sent, its form's typed fields and chips start afresh (a payment is never added to the last one).
  document.body.addEventListener("htmx:wsAfterSend", function (event) {
    const form = event.target.closest && event.target.closest("#controls form");
    if (!form) return;
    form.querySelectorAll('input[type="text"], input[type="number"]').forEach(function (field) {
      field.value = field.defaultValue;
    });
    form.querySelectorAll("[data-rack]").forEach(function (rack) { window.chipRack.setChips(rack, []); });
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
    nameTheWager();
    nameThePlaces();
  }

  // A control that acts on a seat or a hand names it ("Deal a card to seat 3 split hand"): each [data-names-place]
  // in a form says, in the option's own name, the place its list has chosen.
  function nameThePlaces() {
    document.querySelectorAll("#controls [data-names-place]").forEach(function (name) {
      const select = name.closest("form").querySelector("select[data-place-select]");
      const option = select && select.options[select.selectedIndex];
      if (option && option.dataset.name) name.textContent = option.dataset.name;
    });
  }

  nameThePlaces();
  document.addEventListener("change", function (event) {
    if (event.target.matches("#controls select[data-place-select]")) nameThePlaces();
  });

  // ----- Focus stays where the trainee works: a felt part redrawn by a frame gets the focus back -----

  // How to find the focused element again once a frame has redrawn it: its id, or what it stands for on the felt.
  function focusedPlace() {
    const element = document.activeElement;
    if (!element || element === document.body || !element.closest("#felt")) return "";
    if (element.id) return "#" + CSS.escape(element.id);
    if (element.matches(".area[data-spot]")) {
      return '#felt .area[data-seat="' + element.dataset.seat + '"][data-spot="' + element.dataset.spot + '"]';
    }
    if (element.matches("[data-pick-place]")) return '#felt [data-pick-place="' + element.dataset.pickPlace + '"]';
    if (element.matches('input[name="low"]')) return '#felt input[name="low"][value="' + element.value + '"]';
    return "";
  }

  let focusBeforeFrame = "";
  document.body.addEventListener("htmx:wsBeforeMessage", function () {
    focusBeforeFrame = focusedPlace();
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    if (!focusBeforeFrame || document.activeElement !== document.body) return;
    const again = document.querySelector(focusBeforeFrame);
    if (again) again.focus({ preventScroll: true });
  });

  // ----- In practice the controls of the step the round waits for come first, under "Your steps" -----
  // The server names that step on the frame number's field (data-next-step) in practice only: an exam's controls
  // stay in their one order whatever comes next. The groups are moved in the page, so that reading and Tab order
  // follow what is seen; the focus stays where it was.

  const controlGroups = Array.prototype.slice.call(document.querySelectorAll("#controls > form.control-group"));

  function putTheNextStepFirst() {
    const controls = document.getElementById("controls");
    const sequence = document.getElementById("sequence");
    const step = sequence && sequence.dataset.nextStep;
    const button = step && controls && controls.querySelector('button[value="' + step + '"]');
    const next = button && button.closest("#controls > form.control-group");
    if (!next) return;
    const order = [next].concat(controlGroups.filter(function (group) { return group !== next; }));
    const shown = Array.prototype.slice.call(controls.querySelectorAll(":scope > form.control-group"));
    if (order.every(function (group, index) { return shown[index] === group; })) return;
    const focused = document.activeElement;
    controls.append.apply(controls, order);
    if (focused && focused !== document.activeElement && focused.isConnected) focused.focus({ preventScroll: true });
  }

  putTheNextStepFirst();
  document.body.addEventListener("htmx:wsAfterMessage", putTheNextStepFirst);

  // ----- Settling a wager: the betting area chosen on the felt, and the Pay / Push / Collect buttons naming it -----

  // The settlement buttons are named by the wager they settle ("Pay Seat 3 · Sum"), kept up to date here.
  function nameTheWager() {
    const form = document.getElementById("settlement-form");
    const target = document.getElementById("settlement-target");
    if (!form || !target) return;
    const spot = form.elements.spot;
    target.textContent = "Seat " + form.elements.seat.value + " · " + spot.options[spot.selectedIndex].text;
  }

  document.addEventListener("change", function (event) {
    if (event.target.closest("#settlement-form")) nameTheWager();
  });

  // A betting area is a button: clicking it, or Enter or Space on it, chooses its wager. The focus stays on the
  // area, so that the next key is a shortcut (Collect, Push, or Pay, which goes to the amount while it is empty).
  document.addEventListener("click", function (event) {
    const area = event.target.closest("#felt .area[data-spot]");
    if (area) {
      choosePlace(area.dataset.seat);
      const form = document.getElementById("settlement-form");
      if (form) {
        form.elements.spot.value = area.dataset.spot;
        nameTheWager();
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

  // ----- Keyboard shortcuts: a key for each step, working only on the felt, in the controls or on the page itself
  // (never in a field, never on another button or link), switched off or remapped in the help and remembered -----

  const SHORTCUTS_STORE = "dealer-school.shortcuts";
  const help = document.getElementById("shortcuts-help");
  let shortcutsOn = true;

  function shortcutButtons() {
    return Array.prototype.slice.call(document.querySelectorAll("#controls button[data-shortcut]"));
  }

  function savedShortcuts() {
    try {
      const saved = JSON.parse(localStorage.getItem(SHORTCUTS_STORE)) || {};
      return { off: saved.off === true, keys: saved.keys && typeof saved.keys === "object" ? saved.keys : {} };
    } catch (error) {
      return { off: false, keys: {} };
    }
  }

  // A key as a person presses it: "C" for c, "Shift+C" for a capital C.
  function keyName(key) {
    return key !== key.toLowerCase() ? "Shift+" + key : key.toUpperCase();
  }

  function applyShortcuts(saved) {
    shortcutsOn = !saved.off;
    shortcutButtons().forEach(function (button) {
      const key = saved.keys[button.dataset.shortcut] || button.dataset.defaultKey;
      button.dataset.key = key;
      if (!shortcutsOn) {
        button.removeAttribute("aria-keyshortcuts");
        delete button.dataset.keyHint;
        return;
      }
      // The key is told by aria-keyshortcuts and drawn by CSS (data-key-hint), never part of the button's text,
      // so the button's visible label stays its accessible name's start (WCAG 2.5.3, label in name).
      button.setAttribute("aria-keyshortcuts", keyName(key));
      button.dataset.keyHint = keyName(key);
    });
  }

  // Whether a key pressed here may take a step: on the page itself, the felt or the controls, outside any field.
  function inShortcutScope(target) {
    if (target === document.body || target === document.documentElement) return true;
    return Boolean(target.closest("#controls, #felt")) && !target.closest("input, select, textarea");
  }

  function refuseKeys(field, message) {
    const error = document.getElementById("shortcuts-error");
    error.textContent = message;
    error.hidden = false;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", "shortcuts-error");
    field.focus();
  }

  function fillHelp(saved) {
    const rows = document.getElementById("shortcut-rows");
    rows.replaceChildren();
    shortcutButtons().forEach(function (button) {
      const row = rows.insertRow();
      const name = document.createElement("th");
      name.scope = "row";
      name.textContent = button.querySelector(".step-label").textContent;
      const field = document.createElement("input");
      field.type = "text";
      field.maxLength = 1;
      field.size = 2;
      field.autocomplete = "off";
      field.className = "key-input";
      field.dataset.shortcut = button.dataset.shortcut;
      field.dataset.defaultKey = button.dataset.defaultKey;
      field.value = field.dataset.currentKey = button.dataset.key;
      field.setAttribute("aria-label", "Key for " + name.textContent);
      row.append(name);
      row.insertCell().append(field);
    });
    help.querySelector('input[name="enabled"]').checked = !saved.off;
    document.getElementById("shortcuts-error").hidden = true;
  }

  function saveHelp(event) {
    event.preventDefault();
    const saved = savedShortcuts();
    const taken = {};
    const fields = help.querySelectorAll("#shortcut-rows input");
    for (const field of fields) {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-describedby");
    }
    for (const field of fields) {
      const key = field.value;
      const step = field.getAttribute("aria-label").replace(/^Key for /, "");
      if (key.length !== 1 || /[0-9?\s]/.test(key)) {
        return refuseKeys(field, step + ": give one letter or sign as its key, not a digit (they choose a place) nor ?");
      }
      const other = taken[key];
      if (other) {
        const message = other.step + " and " + step + " both have the key " + keyName(key) + ": give each its own key.";
        return refuseKeys(field.value !== field.dataset.currentKey ? field : other.field, message);
      }
      taken[key] = { step: step, field: field };
      if (key === field.dataset.defaultKey) delete saved.keys[field.dataset.shortcut];
      else saved.keys[field.dataset.shortcut] = key;
    }
    saved.off = !help.querySelector('input[name="enabled"]').checked;
    localStorage.setItem(SHORTCUTS_STORE, JSON.stringify(saved));
    applyShortcuts(saved);
    help.close();
  }

  let helpOpener = null;

  function openHelp() {
    helpOpener = document.activeElement;
    fillHelp(savedShortcuts());
    help.showModal();
    tellReading();
  }

  if (help) {
    applyShortcuts(savedShortcuts());
    document.querySelectorAll("[data-open-shortcuts]").forEach(function (button) {
      button.addEventListener("click", openHelp);
    });
    help.querySelector("form").addEventListener("submit", saveHelp);
    help.querySelector("[data-close-shortcuts]").addEventListener("click", function () { help.close(); });
    help.querySelector("[data-restore-keys]").addEventListener("click", function () {
      help.querySelectorAll("#shortcut-rows input").forEach(function (field) { field.value = field.dataset.defaultKey; });
    });
    help.addEventListener("close", function () {
      tellReading();
      const back = helpOpener && helpOpener.isConnected && helpOpener !== document.body ? helpOpener : null;
      (back || document.querySelector("[data-open-shortcuts]")).focus();
    });
    nameTheWager();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Enter" && enterTakesTheFieldsStep(event)) return;
    if (event.defaultPrevented) return; // a rack's key, taken by rack.js
    if (!help || !shortcutsOn || help.open || !inShortcutScope(event.target)) return;
    if (event.key === "?") {
      openHelp();
      event.preventDefault();
      return;
    }
    if (/^[0-6]$/.test(event.key)) {
      choosePlace(event.key);
      event.preventDefault();
      return;
    }
    const button = shortcutButtons().find(function (candidate) { return candidate.dataset.key === event.key; });
    if (!button) return;
    event.preventDefault();
    // A step paying an amount not typed yet goes to its amount field first; Enter there sends it. One paying from
    // the rack goes to the rack while it holds no chip and no amount is typed (a rack may have no coin's field): its
    // digits add chips, Enter pays.
    const rack = button.closest('[data-rack][data-pay-step="' + button.value + '"]');
    const field = (rack || button.form) && (rack || button.form).querySelector('input[name="amount"][data-enter-step="' + button.value + '"]');
    const typed = Boolean(field && field.value.trim());
    const nothingPaid = rack ? !typed && !rack.querySelector("[data-rack-chips]").value : field && !typed;
    if (nothingPaid) (rack || field).focus();
    else button.click();
  });
})();
