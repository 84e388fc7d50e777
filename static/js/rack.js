// The chip rack a payment is built from, chip by chip, by pointer, touch or keyboard, on any page drawing
// templates/jinja2/trainer/_rack.html: the training table's controls and the payout sprint. window.chipRack.setChips
// lets a page start a rack afresh (static/js/table.js does once a step is sent). The chips added are mirrored on the
// felt, beside the betting spot the pay step names (mirrorOnFelt).
(function () {
  "use strict";

  // Each rack keeps the chips added in order, so that the last can be taken back; its hidden field holds them as the
  // server reads them, largest first ("2500x3 500x1"), its stacks show them by denomination ("3 green, $75.00") and
  // the page's one polite live region (the element its data-rack-says names) says the total.

  const addedChips = new WeakMap(); // each rack's chips in the order added, as their buttons

  function money(cents) {
    const dollars = Math.floor(cents / 100).toLocaleString("en-US");
    return "$" + dollars + "." + String(cents % 100).padStart(2, "0");
  }

  // The chips by denomination, largest first: [{ chip, count }], for the rack's buttons in their order.
  function stacksOf(rack) {
    const chips = addedChips.get(rack) || [];
    return Array.prototype.slice.call(rack.querySelectorAll("[data-chip]"))
      .map(function (chip) { return { chip: chip, count: chips.filter(function (added) { return added === chip; }).length }; })
      .filter(function (stack) { return stack.count > 0; });
  }

  function stackName(stack) {
    return stack.count + " " + stack.chip.dataset.colour + ", " + money(stack.count * Number(stack.chip.dataset.chip));
  }

  // Say the rack's total in the page's live region, under the verdict, replacing what the rack said last.
  function sayTotal(rack, total, stacks) {
    const region = document.getElementById(rack.dataset.rackSays);
    if (!region) return;
    let said = region.querySelector(".chip-rack-said");
    if (!said) {
      said = document.createElement("p");
      said.className = "chip-rack-said visually-hidden";
      region.append(said);
    }
    said.textContent = "Chips to pay: " + money(total) + (stacks.length ? ", " + stacks.map(stackName).join("; ") : "") + ".";
  }

  function setChips(rack, chips, say) {
    addedChips.set(rack, chips);
    const stacks = stacksOf(rack);
    const total = stacks.reduce(function (sum, stack) { return sum + stack.count * Number(stack.chip.dataset.chip); }, 0);
    rack.querySelector("[data-rack-chips]").value = stacks.map(function (stack) {
      return stack.chip.dataset.chip + "x" + stack.count;
    }).join(" ");
    rack.querySelector("[data-rack-total]").textContent = money(total);
    const list = rack.querySelector("[data-rack-stacks]");
    list.replaceChildren.apply(list, stacks.map(function (stack) {
      const item = document.createElement("li");
      item.className = "chip-rack-stack";
      const drawn = document.createElement("span");
      drawn.className = stack.chip.className.replace("chip-rack-chip", "chip-rack-stack-chips");
      drawn.setAttribute("aria-hidden", "true");
      item.append(drawn, document.createTextNode(stackName(stack)));
      return item;
    }));
    if (say) sayTotal(rack, total, stacks);
    mirrorOnFelt(rack);
  }

  // ----- The stacks being built, drawn on the felt beside the spot being paid: decoration only (aria-hidden), since
  // the rack's own list and the page's live region say them. A step with a spot (pay_wager) draws on that betting
  // area, one with a rack's data-rack-spot on that area of the seat or hand chosen (a blackjack wager; a split hand's
  // own place), one with a seat alone (a Mystery Bonus, a progressive win), or a wager the felt draws no area for
  // (Envy), on the seat's place. The mirror is placed absolutely, so the felt keeps its size; it is redrawn when the
  // chips, the choice of seat or spot, or the felt change, and goes with the chips once the step is sent. -----

  function spotOnFelt(rack) {
    const form = rack.closest("form");
    const place = form && (form.elements.seat || form.elements.position);
    if (!place || !place.value) return null;
    const seat = place.value.replace(/s$/, "");
    if (seat !== place.value) return document.querySelector("#felt-seat-" + seat + " .split-hand");
    const spot = form.elements.spot ? form.elements.spot.value : rack.dataset.rackSpot;
    const area = spot && document.querySelector('#felt .area[data-seat="' + seat + '"][data-spot="' + CSS.escape(spot) + '"]');
    return area || document.getElementById("felt-seat-" + seat);
  }

  function mirrorOnFelt(rack) {
    const step = rack.dataset.payStep;
    document.querySelectorAll('[data-rack-mirror="' + step + '"]').forEach(function (mirror) { mirror.remove(); });
    const stacks = stacksOf(rack);
    const spot = stacks.length && spotOnFelt(rack);
    if (!spot || !spot.closest("#felt")) return;
    const mirror = document.createElement("span");
    mirror.className = "chip-rack-mirror";
    mirror.dataset.rackMirror = step;
    mirror.setAttribute("aria-hidden", "true");
    mirror.append.apply(mirror, stacks.map(function (stack) {
      const drawn = document.createElement("span");
      drawn.className = "chip chip-" + stack.chip.dataset.colour;
      drawn.dataset.mirrorChip = stack.chip.dataset.chip;
      drawn.textContent = stack.count + "×" + stack.chip.textContent.trim();
      return drawn;
    }));
    if (getComputedStyle(spot).position === "static") spot.classList.add("chip-rack-mirror-place");
    spot.append(mirror);
  }

  function mirrorEveryRack() {
    document.querySelectorAll("[data-rack]").forEach(mirrorOnFelt);
  }

  // A seat or spot chosen in a form, or on the felt (static/js/table.js sets the form's fields on the click, after
  // this script's listeners have run), and a felt redrawn by a frame, move or redraw the mirror.
  document.addEventListener("change", function (event) {
    const form = event.target.closest && event.target.closest("form");
    if (form) form.querySelectorAll("[data-rack]").forEach(mirrorOnFelt);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#felt")) setTimeout(mirrorEveryRack);
  });
  document.addEventListener("htmx:wsAfterMessage", mirrorEveryRack);

  function addChip(rack, chip) {
    setChips(rack, (addedChips.get(rack) || []).concat([chip]), true);
  }

  function takeLastBack(rack) {
    setChips(rack, (addedChips.get(rack) || []).slice(0, -1), true);
  }

  // Press the rack's one submit button: the table's pay step, or the sprint's Pay.
  function payFromRack(rack) {
    const button = rack.querySelector('button[type="submit"]');
    if (button && !button.disabled) button.click();
  }

  document.addEventListener("click", function (event) {
    const rack = event.target.closest("[data-rack]");
    if (!rack) return;
    const chip = event.target.closest("[data-chip]");
    if (chip) addChip(rack, chip);
    else if (event.target.closest("[data-rack-undo]")) takeLastBack(rack);
    else if (event.target.closest("[data-rack-clear]")) setChips(rack, [], true);
  });

  // While the focus is in a rack (never in its coins' field nor its seat's list): a chip's digit adds it, Backspace
  // takes the last back, Delete clears, and Enter on the rack or a chip pays (on its other buttons Enter presses them).
  // Space on a chip's button adds it, as on any button. A key taken is prevented, so the page's own shortcuts leave it be.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const rack = event.target.closest && event.target.closest("[data-rack]");
    if (!rack || event.target.closest("input, select")) return;
    const chip = /^[1-9]$/.test(event.key) && rack.querySelector('[data-rack-key="' + event.key + '"]');
    const onAChip = event.target === rack || event.target.closest("[data-chip]");
    if (chip) addChip(rack, chip);
    else if (event.key === "Backspace") takeLastBack(rack);
    else if (event.key === "Delete") setChips(rack, [], true);
    else if (event.key === "Enter" && onAChip) payFromRack(rack);
    else return;
    event.preventDefault();
  });

  window.chipRack = { setChips: setChips };
})();
