"""The Sum, Match and Beat It dice wagers of the Pai Gow Poker shaker (§645b.2): paytables, settlement, odds."""
