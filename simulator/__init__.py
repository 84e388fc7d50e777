"""The dealer-training engine: cards, dice, hands, house ways, paytables and round state machines."""
