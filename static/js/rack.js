// The chip rack a payment is built from, chip by chip, by pointer, touch or keyboard, on any page drawing
// templates/jinja2/trainer/_rack.html: the training table's controls and the payout sprint. window.chipRack.setChips
// lets a page start a rack afresh (static/js/table.js does once a step is sent).
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
  }

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

  // While the focus is in a rack (never in its coins' field): a chip's digit adds it, Backspace takes the last back,
  // Delete clears, and Enter on the rack or a chip pays (on its other buttons Enter presses them). Space on a chip's
  // button adds it, as on any button. A key taken is prevented, so the page's own shortcuts leave it be.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const rack = event.target.closest && event.target.closest("[data-rack]");
    if (!rack || event.target.closest("input")) return;
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
