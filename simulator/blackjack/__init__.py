"""Down Under Blackjack and its Match the Dealer progressive (§685b.1): arithmetic, table, round and hand."""
