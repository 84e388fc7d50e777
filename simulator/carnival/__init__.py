"""The carnival poker games on one shape: Three Card Poker, Ultimate Texas Hold 'Em, their hands, round and odds."""
