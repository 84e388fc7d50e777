"""Every clause the product cites, keyed by the clause as written, with its provenance, text and note."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from simulator.core.chips import CHIP_COLOURS, DEFAULT_RACK, write_rack
from simulator.core.citations import Citation, Provenance


def seed(clause: str, text: str, note: str = "") -> Citation:
    """A rule read in 51 Pa.B. 5607 itself; ``text`` is quoted from it ("…" marks words left out)."""
    return Citation(clause, Provenance.SEED, text, note)


def inferred(clause: str, text: str, note: str) -> Citation:
    """A rule the regulation text we have does not hold; ``note`` says what it is inferred from ("from …")."""
    return Citation(clause, Provenance.PA_INFERRED, text, note)


def pa_code(clause: str, text: str, note: str = "") -> Citation:
    """A rule read in 58 Pa. Code itself (shared/regulation/pa-code/); ``text`` is quoted from it."""
    return Citation(clause, Provenance.PA_CODE, text, note)


def house(clause: str, text: str, note: str = "") -> Citation:
    """A casino's own procedure or a configuration option that fills a gap in the regulation."""
    return Citation(clause, Provenance.HOUSE, text, note)


def catalogue(*entries: Citation) -> Mapping[str, Citation]:
    """The entries by clause; a clause written twice is a ValueError, so no clause has two provenances."""
    clauses: dict[str, Citation] = {}
    for entry in entries:
        if entry.clause in clauses:
            raise ValueError(f"{entry.clause} is in the catalogue twice.")
        clauses[entry.clause] = entry
    return MappingProxyType(clauses)


MHB_QUALIFYING = (
    "A player shall qualify for the Must-Hit-By Mystery Bonus by placing a … as indicated by the certificate holder "
    "in its Rules Submission filed in accordance with § 601a.2."
)
MHB_CONTRIBUTION = (
    "A percentage of a player's qualifying … shall be allocated as an incremental contribution to the Must-Hit-By "
    "Mystery Bonus progressive meter."
)
MHB_HIT = (
    "The certificate holder shall pay out the Must-Hit-By Mystery Bonus when a qualifying player's contribution "
    "increases the Must-Hit-By Mystery Bonus progressive meter's jackpot amount in excess of a random dollar value … "
    "by an electronic random number generator, between a set minimum and maximum dollar value."
)
MHB_LIGHT = (
    "If a player has won the Must-Hit-By Mystery Bonus, the dealer shall, in accordance with the certificate holder's "
    "approved internal controls: … Verify that the appropriate light on the progressive table game system has been "
    "illuminated."
)
MHB_CONFIGURATION = (
    "… and the minimum and maximum dollar values for the Must-Hit-By Mystery Bonus meter shall be set in one of the "
    "following configurations, as indicated by the certificate holder in its Rules Submission form filed in "
    "accordance with § 601a.2:"
)
MHB_VALIDATION = "Have a floorperson or above validate the progressive payout."
MHB_PAYMENT = "Pay the Must-Hit-By Mystery Bonus."
MHB_RESET = (
    "Reset the progressive meter to the minimum dollar value specified in the certificate holder's Rules Submission "
    "form, filed in accordance with § 601a.2."
)
MHB_PAYMENT_SOURCE = (
    "A Must-Hit-By Mystery Bonus payout may be paid from the table inventory or through a progressive jackpot slip as "
    "indicated by the certificate holder in its Rules Submission filed in accordance with § 601a.2."
)
MHB_FULL_AMOUNT = (
    "A player who wins the Must-Hit-By Mystery Bonus shall be paid 100% of the bonus jackpot amount on the "
    "progressive meter."
)

MHB_SECTIONS = (
    "§643b.1",
    "§645b.3",
    "§647b.1",
    "§649b.1",
    "§653b.1",
    "§655b.1",
    "§657b.1",
    "§659b.1",
    "§670b.1",
    "§687b.1",
    "§688b.1",
)
"""The sections of the eleven games that offer the Must-Hit-By Mystery Bonus, each with the same subsection (c)."""

MHB_PARTS = (
    ("(c)(1)", MHB_QUALIFYING),
    ("(c)(2)", MHB_CONTRIBUTION),
    ("(c)(3)", MHB_HIT),
    ("(c)(4)", MHB_CONFIGURATION),
    ("(c)(5)(i)", MHB_LIGHT),
    ("(c)(5)(ii)", MHB_VALIDATION),
    ("(c)(5)(iii)", MHB_PAYMENT),
    ("(c)(5)(iv)", MHB_RESET),
    ("(c)(6)", MHB_PAYMENT_SOURCE),
    ("(c)(7)", MHB_FULL_AMOUNT),
)
"""Subsection (c) of every Must-Hit-By section, word for word the same in each: its paragraphs and their text."""

CLAUSES = catalogue(
    # ----- 51 Pa.B. 5607: Commission free Pai Gow Poker (§645b.1) -----
    seed(
        "§645b.1(a)",
        "an operator may offer a variation of Pai Gow Poker in which no vigorish is collected as provided in this "
        "section.",
    ),
    seed("§645b.1(b)", "Tiger 9—The dealer's two-card low hand which contains a 9-high."),
    seed(
        "§645b.1(c)(2)",
        "Inscriptions that advise patrons that if the dealer's hand contains a Tiger 9, all Pai Gow Poker wagers shall "
        "push and be returned to the player.",
    ),
    seed(
        "§645b.1(d)(2)",
        "If Commission free Pai Gow Poker is being played, the certificate holder may offer the following additional "
        "wagers: … The Tiger 9 wager which shall win if the dealer's low hand is a 9-high.",
    ),
    seed("§645b.1(e)", "The cards of the dealer shall then be revealed and set in accordance with § 645a.11(c)."),
    seed(
        "§645b.1(f)(1)",
        "Has a Tiger 9 the player's Pai Gow Poker wager shall push and be returned to the player.",
    ),
    seed(
        "§645b.1(f)(2)",
        "Does not have a Tiger 9, the player Pai Gow Poker wager shall be settled in accordance with § 645a.11(f). If "
        "the player placed a Tiger 9 wager, the dealer shall collect the player's losing Tiger 9 wager.",
    ),
    seed(
        "§645b.1(g)",
        "If any player placed a Fortune Bonus or Progressive Payout wager, after settling the player's Tiger 9 and Pai "
        "Gow Poker wagers, the dealer shall complete the procedures in § 645a.11(h).",
    ),
    seed("§645b.1(h)", "The certificate holder shall pay out winning Tiger 9 wagers at odds of 30 to 1."),
    # ----- 51 Pa.B. 5607: the shaker and the dice wagers (§645b.2) -----
    seed(
        "§645b.2(a)",
        "If specified in its Rules Submission under § 601a.2 (relating to table games Rules Submissions), a "
        "certificate holder may use a player activated shaker to determine the starting position for the dealing of "
        "the cards in Pai Gow Poker.",
    ),
    seed(
        "§645b.2(e)(1)",
        "A Sum wager, which shall win, depending on the payout table selected by the certificate holder in its Rules "
        "Submission, if:",
    ),
    seed(
        "§645b.2(e)(2)",
        "A Match wager which shall win if at least two of the dice match the value selected by the player.",
    ),
    seed(
        "§645b.2(e)(3)",
        "A Beat It wager which shall win, depending on the payout table selected by the certificate holder in its "
        "Rules Submission, if:",
    ),
    seed(
        "§645b.2(f)",
        "All wagers must be placed before the electronic shaker is activated or the manual shaker is utilized. After "
        "all wagers have been placed, the dealer shall announce ''No more bets'' and:",
    ),
    seed(
        "§645b.2(f)(1)",
        "If a player-activated electronic shaker is utilized, a selected player shall then activate the electronic "
        "shaker by pressing an activation button at the player's wagering position.",
    ),
    seed(
        "§645b.2(f)(2)",
        "If a manual shaker is utilized, the dealer shall shake the Pai Gow shaker at least three times to cause a "
        "random mixture of the dice. The dealer shall then remove the lid covering the Pai Gow shaker and place the "
        "uncovered Pai Gow shaker on the designated area of the table layout.",
    ),
    seed(
        "§645b.2(g)",
        "After the dice come to rest, the dealer shall announce the numeric value of each die and settle the player's "
        "Sum, Match and Beat It wagers by collecting losing wagers and paying out winning wagers as follows:",
    ),
    seed(
        "§645b.2(g)(1)",
        "Winning Sum wagers shall be paid out in accordance with one of the following payout tables selected by the "
        "certificate holder:",
    ),
    seed("§645b.2(g)(2)", "Winning Match wagers shall be paid out at following odds:"),
    seed(
        "§645b.2(g)(3)",
        "Winning Beat It wagers shall be paid out in accordance with one of the following payout tables selected by "
        "the certificate holder:",
    ),
    # ----- 51 Pa.B. 5607: the Must-Hit-By Mystery Bonus of the eleven games -----
    *(seed(f"{section}{part}", text) for section in MHB_SECTIONS for part, text in MHB_PARTS),
    # ----- 51 Pa.B. 5607: Match the Dealer (§685b.1) -----
    seed(
        "§685b.1(a)(1)",
        "Two Suited Match, Aces of Spaces—Both of the player's cards and the dealer's upcard are matching aces of "
        "spades.",
    ),
    seed(
        "§685b.1(a)(2)",
        "Two Suited Match, All Others—Both of the player's cards and the dealer's upcard are matching in suit and "
        "rank.",
    ),
    seed(
        "§685b.1(a)(3)",
        "One Non-Suited Match and One Suited Match—One of the player's cards matches the suit and rank of the "
        "dealer's upcard and the player's other card matches the rank of the dealer's upcard.",
    ),
    seed(
        "§685b.1(a)(4)", "One Suited Match—One of the player's cards matches the suit and rank of the dealer's upcard."
    ),
    seed("§685b.1(a)(5)", "Two Non-Suited Matches—Both of the player's cards match the rank of the dealer's upcard."),
    seed("§685b.1(a)(6)", "One Non-Suited Match—One of the player's cards matches the rank of the dealer's upcard."),
    seed(
        "§685b.1(b)",
        "The Dealer Match Progressive wager may be played on a Down Under Blackjack table that utilizes 6 or 8 decks "
        "of cards.",
    ),
    seed(
        "§685b.1(d)(2)",
        "A device that controls or monitors the placement of Progressive wagers at the gaming table, including a "
        "mechanism, such as a lock-out button, that prevents the recognition of any Progressive wager that a player "
        "attempts to place after the dealer has announced ''No more bets.''",
    ),
    seed(
        "§685b.1(e)",
        "a certificate holder may offer to each player who placed a Down Under Blackjack wager in accordance with § "
        "685a.6(d) (relating to wagers), the option of placing a Match the Dealer Progressive wager of $1 or $5.",
    ),
    seed(
        "§685b.1(f)",
        "After placing a Down Under Blackjack wager, as required in § 685a.6(d), and any optional wagers including the "
        "Match the Dealer Progressive wager, the dealer shall announce ''No more bets'' and, if the Match the Dealer "
        "Progressive wager is being offered, use the progressive table game system to prevent the placement of any "
        "additional Progressive wagers. If any Progressive wagers have been made, the dealer shall collect the wagers "
        "and, on the layout in front of the table inventory container, verify that the number of value chips wagered "
        "equals the number of Progressive wagers accepted by the progressive table game system. The dealer shall then "
        "place the value chips into the table inventory container.",
    ),
    seed(
        "§685b.1(g)(1)",
        "Immediately after the second card is dealt to each player and the dealer, but prior to any additional cards "
        "being dealt, the dealer shall settle the Match the Dealer Progressive wager as follows: (1) If the player "
        "does not have a card that matches the dealer's upcard, the Match the Dealer Progressive wager shall lose.",
    ),
    seed("§685b.1(h)(1)", "Verify that the hand is a winning hand."),
    seed(
        "§685b.1(h)(2)",
        "Verify that the appropriate light on the progressive table game system has been illuminated.",
    ),
    seed(
        "§685b.1(h)(3)",
        "Have a floorperson or above validate the progressive payout in accordance with the certificate holder's "
        "approved internal control procedures.",
    ),
    seed(
        "§685b.1(h)(4)",
        "Pay the winning Match the Dealer Progressive wager in accordance with the payout odds in subsection (i). If a "
        "player has won a progressive payout that is a percentage of the jackpot amount on the progressive meter, the "
        "progressive payout may not be paid from the table inventory container. If a player has won a progressive "
        "payout that is not being paid from the table inventory container, the cards of that player must remain on "
        "the table until the necessary documentation has been completed.",
    ),
    seed(
        "§685b.1(i)",
        "The certificate holder shall pay out winning Match the Dealer wagers, for the winning combination formed, at "
        "the odds in one of the following payout tables selected by the certificate holder in its Rules Submission "
        "filed in accordance with § 601a.2:",
    ),
    seed(
        "§685b.1(j)",
        "The initial seed amount of the progressive wager shall be 1,000 times the wager amount offered by the "
        "certificate holder, and the primary incrementation rate and secondary incrementation rate shall be 15% and "
        "6%.",
    ),
    # ----- 58 Pa. Code: the Down Under Blackjack chapter, quoted where the text we have holds the clause -----
    pa_code(
        "§685a.7(c)",
        "After each full batch of cards is placed in the shoe, the dealer shall remove the first card and place it in "
        "the discard rack.",
    ),
    pa_code(
        "§685a.7(e)",
        "After all Blackjack and optional Match-the-Dealer Wagers have been placed, the dealer shall, starting with "
        "the player farthest to the dealer's left and continuing around the table in a clockwise manner, deal the "
        "cards as follows: (1) One card face up to each box on the layout in which a Bet Wager is contained. (2) One "
        "card face up to the dealer. (3) A second card face up to each box in which a Bet wager is contained.",
    ),
    # ----- Chapter 645a and other Pennsylvania chapters, inferred -----
    inferred(
        "§621a.6(c)",
        "Count the dealer as 1 and go counterclockwise through every position, occupied or not, to the dice total; the "
        "first stack goes to the position reached.",
        note="from Pai Gow (tiles) §621a.6(c): the dealer shall count each betting position in order, regardless of "
        "whether there is a wager at the betting position, and the Dead Hand, beginning with the dealer as number one "
        "and continuing around the table in a counterclockwise manner, until the count matches the total of the "
        "three dice",
    ),
    inferred(
        "§§645a.8–645a.10",
        "The four cards left after seven stacks, and the stacks at positions without a wager, go to the discard rack "
        "unexposed.",
        note="from the 53-card deck dealt in seven stacks of seven, which 51 Pa.B. 5607 §645b.1(e) deals under "
        "these sections",
    ),
    inferred(
        "§645a.11",
        "The dealer collects every card to the discard rack, all 53 accounted for, and the round is over.",
        note='from the title 51 Pa.B. 5607 §645b.1(e) gives §645a.11, "procedures for completion of each round of '
        'play"',
    ),
    inferred(
        "§645a.11(a)–(b)",
        "Each player sets a five-card high hand and a two-card low hand face down.",
        note="from 51 Pa.B. 5607 §645b.1(e), under which each player sets the hand in accordance with these paragraphs",
    ),
    inferred(
        "§645a.11(e)",
        "The players' hands are revealed starting from the dealer's far right and moving counterclockwise.",
        note="from Indiana's Pai Gow Poker rule 68 IAC 10-9-13(e), whose wording this is; 51 Pa.B. 5607 §645b.1(f) "
        "reveals the players' cards under §645a.11(e)",
    ),
    inferred(
        "§645a.11(f)",
        "Both hands beat the dealer's: win. One wins: push. Otherwise the wager loses; copies go to the dealer.",
        note="from 51 Pa.B. 5607 §645b.1(f)(2), which settles the Pai Gow Poker wager under this paragraph, and the "
        "game's published rules",
    ),
    inferred(
        "§645a.7(e)(4)",
        "The optional Progressive Payout wager, of the amount its paytable pays (§645b.3(a) cites it).",
        note="from 51 Pa.B. 5607 §645b.1(d)(1) and §645b.3(a), which offer the Progressive Payout wager under it",
    ),
    inferred(
        "§645a.11(h)",
        "After the Tiger 9 and Pai Gow Poker wagers (§645b.1(g)), the Fortune Bonus is judged on the best hand of all "
        "seven cards and a losing Fortune Bonus wager is collected.",
        note="from 51 Pa.B. 5607 §645b.1(g), which completes the Fortune Bonus under it, and Face Up Pai Gow Poker's "
        "§688a.1 definition of the Fortune Bonus Wager",
    ),
    inferred(
        "§645a.13",
        "Payout odds and envy bonus: a winning Pai Gow Poker wager pays 1 to 1 (less the vigorish in the standard "
        "game, none in Commission free Pai Gow Poker); each Envy hand pays the Envy Bonus to every other player with a "
        "Qualifying Wager.",
        note='from the title 51 Pa.B. 5607 §645b.2 gives §645a.13, "payout odds; envy bonus; rate of progression; '
        "payout limitation\", §645b.1(a) and Face Up Pai Gow Poker's §688a.1 Envy Bonus",
    ),
    inferred(
        "§605a.7",
        "At a progressive table game the dealer verifies the winning hand and the lit light, has a floorperson or "
        "above validate the payout and pays it; a share of the meter is not paid from the table inventory, and the "
        "cards stay on the table until the paperwork is complete.",
        note="from 51 Pa.B. 5607 §685b.1(h)(1)–(4), the pattern it sets for Match the Dealer's progressive payout",
    ),
    inferred(
        "§670a.7(c)",
        'A wager may not be made, increased or withdrawn after the dealer has announced "no more bets".',
        note="from Six-Card Fortune Pai Gow Poker §670a.7(c) (58 Pa. Code), which says so of every wager but its "
        "Double Down Wager; the other games' own wager sections are not in the text we have",
    ),
    inferred(
        "§670a.10(a)(2)",
        'After all wagers are placed the dealer announces "No more bets" before locking out the progressive wagers.',
        note='from Six-Card Fortune Pai Gow Poker §670a.10(a)(2), under which the dealer announces "no more bets" '
        "before the shoe dispenses any stacks of cards",
    ),
    inferred(
        "§670a.10(a)(2)(i)",
        'After "No more bets" the dealer places an Envy lammer beside each Qualifying Fortune Bonus wager.',
        note="from Six-Card Fortune Pai Gow Poker §670a.10(a)(2)(i): if the Fortune Bonus Wager is being offered and "
        "a player makes a Qualifying Fortune Bonus Wager, the dealer shall place an Envy lammer next to that "
        "player's wager",
    ),
    inferred(
        "§670a.10(a)(2)(ii)",
        "The dealer locks out the progressive wagers, collects them, verifies in front of the table inventory "
        "container that the chips equal the system's count, and places them into the container.",
        note="from Six-Card Fortune Pai Gow Poker §670a.10(a)(2)(ii), which says this of its Progressive Payout "
        "Wagers, as 51 Pa.B. 5607 §685b.1(f) does of Match the Dealer's",
    ),
    inferred(
        "§670a.10(c)",
        "Deliver the first stack to the starting position, then go clockwise, one stack to every other position, "
        "occupied or not, and to the dealer.",
        note="from Six-Card Fortune Pai Gow Poker §670a.10(c): the dealer shall, moving clockwise around the table, "
        "deliver a stack face down to each of the other positions, regardless of whether there is a wager at the "
        "position, and the dealer",
    ),
    inferred(
        "§688a.1",
        "A Qualifying Wager for the Envy Bonus is a Fortune Bonus wager of at least $5.",
        note="from Face Up Pai Gow Poker §688a.1: Qualifying Wager—A Progressive Payout Wager or Fortune Bonus Wager "
        "of at least $5 which may entitle a player to an Envy Bonus",
    ),
    inferred(
        "§685a.6(d)",
        "A player places a Down Under Blackjack wager to play; §685b.1(e) offers Match the Dealer only to such a "
        "player.",
        note="from 51 Pa.B. 5607 §685b.1(e), which names the wager under §685a.6(d), and Double Back Jack's "
        "§673a.6(d): to participate in a round of play and compete against the dealer's hand, a player shall place "
        "a Blackjack Wager",
    ),
    inferred(
        "§685a.7(e)(4)",
        "The dealer's second card is the hole card, dealt face down.",
        note='from §685a.7(e), whose text we have through (3), "A second card face up to each box in which a Bet '
        "wager is contained.\" (the excerpt breaks off in (4)), and the game's Masque Card Reader "
        "(§685a.2's title), which reads a hole card",
    ),
    # ----- House procedures and the options that set them -----
    house(
        "Shaker selection, option shaker_selection",
        "Which player the dealer selects to press the shaker's activation button is the house's rule.",
        note='§645b.2(f)(1) says only "a selected player".',
    ),
    house(
        "Chip count mismatch, option chip_count_mismatch",
        "When the progressive chips collected do not match the wagers the system accepted, the dealer stops the count "
        "and calls the floorperson (call_floorperson), or, at a house that chooses ask_player, asks the player to "
        "place the missing chip. The accepted wager stands once its chip is in the collection.",
        note="§685b.1(f) has the dealer verify that the number of value chips wagered equals the number of "
        "Progressive wagers accepted, but says nothing of what to do when they differ; the Must-Hit-By Mystery "
        "Bonus sections (§645b.3, §643b.1 …) have no counting rule of their own.",
    ),
    house(
        "Dice wager settlement order",
        "The dealer settles the dice wagers position by position in the reveal order, from the dealer's far right, "
        "and at each position Sum, Match 1 to 6, then Beat It. This is a fixed procedure of the simulator: no table "
        "option changes it.",
        note="§645b.2(g) names no order.",
    ),
    house(
        "Tiger 9 declaration",
        "Before revealing the players' hands the dealer declares whether the dealer's low hand is a Tiger 9, a 9-high "
        "two-card hand.",
        note="§645b.1(f) settles every wager on whether the dealer has a Tiger 9 (defined in §645b.1(b)); it requires "
        "no declaration.",
    ),
    house(
        "Fouled hand, option foul_rule",
        "A fouled hand (a low hand outranking the high hand, or the wrong number of cards) loses, or a house may have "
        "the dealer reset it by the house way before settling it. Default: a fouled hand loses.",
        note="Pennsylvania's rule for a fouled hand (§645a.11(f)) is not in the regulation text we have.",
    ),
    house(
        "Fouled hand against a dealer Tiger 9, option tiger_nine_pushes_fouled_hands",
        "Whether a dealer Tiger 9 also pushes a fouled player hand: it does, as §645b.1(c)(2) and (f)(1) push every "
        "Pai Gow Poker wager on a dealer Tiger 9, unless the house has a fouled hand lose even then. Default: yes.",
        note="§645b.1(c)(2) and (f)(1) push all Pai Gow Poker wagers and do not mention a foul.",
    ),
    house(
        "House way, option house_way",
        "Pennsylvania publishes no house way; the certificate holder files its own.",
        note="§645a.11(c), not in the regulation text we have, has the dealer's hand set by the house way.",
    ),
    house(
        "Wheel rank, option wheel_rank",
        "A-2-3-4-5 ranks second-highest among straights and straight flushes, or lowest where the house chooses. "
        "Default: second-highest.",
        note="Pennsylvania's rankings (§645a.6) are not in the regulation text we have.",
    ),
    house(
        "Joker as a bug",
        "The joker plays only as an ace or to complete a straight, flush, straight flush or royal flush; in a flush it "
        "is the highest card the flush lacks; in the two-card hand it is an ace.",
        note="Pennsylvania's rule (§645a.3, Cards) is not in the regulation text we have; this is the industry "
        "standard.",
    ),
    house(
        "Commission, options commission_rate, commission_unit and commission_rounding",
        "The vigorish collected from a winning Pai Gow Poker wager in the standard game, and how it is rounded to a "
        "chip, are table options. Default: 5%; $0.01; down.",
        note="Pennsylvania's payout odds (§645a.13) are not in the regulation text we have; 5% is the industry rate.",
    ),
    house(
        "Progressive Payout contribution rate",
        "Each Progressive Payout wager adds 15% of itself to the Pai Gow Poker progressive meter, a fixed rate of this "
        "simulator taken from Match the Dealer's primary rate (§685b.1(j)); the certificate holder files its own.",
        note="Pennsylvania's rate of progression (§645a.13) is not in the regulation text we have.",
    ),
    house(
        "Dealing direction, option dealing_direction",
        "Which way the stacks go after the first is a table option: clockwise, as Pennsylvania's Six-Card Fortune Pai "
        "Gow Poker deals (§670a.10(c)), or counterclockwise, one stack to every other position, occupied or not, and "
        "to the dealer. Default: clockwise.",
        note="Pennsylvania's dealing sections (§§645a.8–645a.10) are not in the regulation text we have; "
        "counterclockwise is WSGC Pai Gow Poker rule 4.",
    ),
    house(
        "Fortune Bonus paytable, option fortune_paytable",
        "Pennsylvania's Fortune Bonus paytables are not in the regulation text we have; this simulator offers the "
        "paytable posted at Renton, Gold Star, Emerald Queen and Seatac, a house option rather than Pennsylvania text. "
        "Default: Washington State Fortune Bonus paytable.",
        note="Pennsylvania's payout odds and envy bonus (§645a.13) are not in the regulation text we have.",
    ),
    house(
        "Progressive Payout paytable, option progressive_paytable",
        "A training paytable, not Pennsylvania's. The top two lines pay shares of the meter as the Mississippi "
        "Stud analog §655a.12(c) does (7-card straight flush without joker 100%, royal flush plus royal match 10%); "
        "the other lines pay, on the $1 wager, fixed amounts equal to the Fortune Bonus odds ($1,000, $400, $150, $50, "
        "$25). A share is rounded down to the cent and the meter keeps the rest. The certificate holder replaces it "
        "with its filed paytable.",
        note="Pennsylvania's Pai Gow Poker progressive paytable (§645a.13) is not in the regulation text we have.",
    ),
    house(
        "Mystery Bonus payout timing, option mystery_payout_timing",
        "When in the round the Must-Hit-By Mystery Bonus is paid is the house's rule.",
        note="§645b.3(c)(5) does not say.",
    ),
    house(
        "Table limits, options pai_gow_limits and side_wager_limits",
        "Table limits are the certificate holder's.",
        note="Pennsylvania's wagers section (§645a.7) is not in the regulation text we have.",
    ),
    house(
        "MHB hit value draw",
        "The random number generator draws the hit value uniformly in whole cents from the minimum dollar value up to "
        "but not including the maximum, so the meter always hits by its maximum.",
    ),
    house(
        "MHB contributions after a hit",
        "A contribution received after a hit goes onto the reset meter: the meter, which every round at the table "
        "shares, closes the hit's cycle at once (back to the minimum with a new hit value drawn) and applies later "
        "contributions, in the order received, to the new cycle; the winning table's dealer still confirms the light, "
        "pays and resets the meter's display as (c)(5) says.",
    ),
    house(
        "MHB contribution order",
        "The progressive system applies a round's contributions seat by seat, from seat 1 (the dealer's far left) to "
        "the last seat, and a seat's wagers in the order its game's section names them.",
    ),
    house(
        "MHB award rounding, option award_rounding",
        "The meter keeps fractions of a cent; the award is paid in whole cents, rounded up so the winner receives at "
        "least 100% of the meter (§645b.3(c)(7)) unless the house rounds down. The meter then resets to the minimum. "
        "Default: up to the cent.",
    ),
    house(
        "MHB training table positions",
        "Each Must-Hit-By Mystery Bonus training table has six player positions, numbered from 1 at the dealer's far "
        "left.",
    ),
    house(
        "MHB training table base game",
        "The base game's own round (its chapter) is dealt face up by the engine and settled outside this module, "
        "which trains the progressive procedure.",
    ),
    house(
        "MHB training table base game, option base_game",
        "The school chooses for each table of a carnival poker game (Let It Ride Poker, Three Card Poker, Ultimate "
        "Texas Hold 'Em) who deals the base game: the engine, face up, while the trainee performs only the "
        "progressive procedure; or the trainee, every card, pulled wager, reading, qualification and settlement "
        "graded, between the progressive wagers' drop and the Mystery Bonus payout. The base wager is the Ante Wager "
        "(at Ultimate Texas Hold 'Em with the equal Blind Wager; at Let It Ride the three equal wagers). Default: "
        "dealt by the engine.",
        "What a training table trains is the school's choice, not a rule of the games.",
    ),
    house(
        "MHB training table base game layout",
        "The engine deals each game's cards as its layout shows them: Let It Ride three to each player and two "
        "community cards; Texas Hold 'Em Bonus and Ultimate Texas Hold 'Em two to each player, five on the board "
        "and two to the dealer; Three Card Poker three each and three to the dealer; Mississippi Stud two each and "
        "three community cards; Crazy 4 Poker and DJ Wild Stud five each and five to the dealer; Fortune Asia Poker "
        "and Face Up Pai Gow Poker seven each and seven to the dealer; Six-Card Fortune Pai Gow Poker six each and "
        "six to the dealer. A hand is named by its best five-card poker rank where it holds five cards or more "
        "with the community cards, except at DJ Wild Stud, where wild cards play.",
        "The games' own chapters are not in the regulation text we have: the cards are the engine's display of the "
        "base game, not "
        "its chapter's deal, and no payout is taken from them.",
    ),
    house("MHB table round complete", "The round is over once every Mystery Bonus hit is paid and reset."),
    house(
        "Progressive fixed-odds payment source",
        "A progressive win paid at fixed odds is paid from the table inventory; only a percentage of the meter goes by "
        "progressive jackpot slip.",
    ),
    house(
        "Match the Dealer settlement order",
        "Losing Match the Dealer wagers are settled first, then the wins, each seat by seat from seat 1; meter awards "
        "are priced in that order. This is a fixed procedure of the simulator: no table option changes it.",
        note="§685b.1(g) sets no order between (g)(1) and (g)(2).",
    ),
    house(
        "Match the Dealer wager amount per table",
        "The table offers one Match the Dealer wager amount, $1 or $5, and its meter starts at 1,000 times that "
        "amount.",
        note="A reading of §685b.1(e), (j).",
    ),
    house(
        "Match the Dealer stake on a win",
        "The wager was collected and dropped before the deal, so a win pays wager × odds and the stake is not "
        "returned.",
        note="A reading of §685b.1(f), (i).",
    ),
    house(
        "Match the Dealer award rounding, option award_rounding",
        "A percentage-of-meter award is rounded to a whole cent as configured; the meter keeps the rest. Default: "
        "down.",
        note="§685b.1(i) says nothing of rounding.",
    ),
    house(
        "Match the Dealer secondary rate, option secondary_reading",
        "The table files what the secondary 6% incrementation rate funds: a reserve added to the reset after a 100% "
        "award, or the repayment of the money the house put on the meter at the start. Default: reset reserve.",
        note="§685b.1(j) names a secondary 6% incrementation rate without defining it.",
    ),
    house(
        "Match the Dealer secondary rate as a reset reserve, option secondary_reading",
        "The secondary 6% builds a reserve; after a 100% award the meter resets to its starting amount plus the "
        "reserve.",
        note="A reading of §685b.1(j).",
    ),
    house(
        "Match the Dealer secondary rate repaying the starting amount, option secondary_reading",
        "The secondary 6% repays the money the house put on the meter at the start; after a 100% award the meter "
        "resets to its starting amount.",
        note="A reading of §685b.1(j).",
    ),
    house(
        "Down Under Blackjack automated hand",
        "The engine completes the hand: each player draws below 17, the dealer turns the hole card and draws by the "
        "table's drawing rule, a win pays 1 to 1 and a two-card 21 pays the table's blackjack payout unless the dealer "
        "also has one.",
        note="The Down Under Blackjack rules after the first two cards (§685a.7(e)(4) onward) are not in the "
        "regulation text we have.",
    ),
    house("Down Under Blackjack end of round", "The dealer picks up every card into the discard rack."),
    # ----- Down Under Blackjack: the hand dealt by the trainee (house procedures after §685a.7(e)(4)) -----
    house(
        "Down Under Blackjack trainee deals, option trainee_deals",
        "The school chooses for each table what the trainee deals: the Match the Dealer procedure, the engine then "
        "completing the hand, or the whole round: every card, the players' decisions, the dealer's hand and every "
        "settlement. Default: the Match the Dealer procedure.",
        note="A training choice of the school, not a casino's procedure.",
    ),
    house(
        "Down Under Blackjack dealer's drawing rule, option dealer_drawing",
        "Once every player's hand is complete and a hand neither settled nor a blackjack remains, the dealer draws "
        "while the hand totals less than 17 and stands on 17 or more, or, where the table hits soft 17, also draws "
        "to a soft 17. Default: stands on all 17s.",
        note="§685a.1 defines hard total and soft value; the drawing rule is not in the §685a text we have, which "
        "stops at §685a.7(e)(4).",
    ),
    house(
        "Down Under Blackjack player options",
        "A player may hit or stand on any hand; double down on a hand's first two cards where the table allows it "
        '(the house option "Double down on"), with a second wager equal to the first, for one card more; or split a '
        "pair of cards of the same rank once, with a second wager equal to the first, the dealer then dealing each "
        "hand its second card in turn. Split aces take one card each. A hand of 21 takes no more cards and a hand "
        "made by splitting may not be doubled. Insurance and surrender are not offered.",
        note="The player options are not in the §685a text we have, which stops at §685a.7(e)(4).",
    ),
    house(
        "Down Under Blackjack double down, option double_down_on",
        "A player may double down on any first two cards, or, where the table restricts it, only on first two cards "
        "totalling 9, 10 or 11 (9 to 11 only) or 10 or 11 (10 or 11 only). A simulated player whose strategy would "
        "double a hand the table does not allow plays it without the double. Default: any two cards.",
        note="The player options are not in the §685a text we have, which stops at §685a.7(e)(4).",
    ),
    house(
        "Down Under Blackjack signals",
        "Each player in turn, from the dealer's far left, signals a decision on each hand: a tap on the table behind "
        "the cards for a hit, a wave over the cards to stand, a second wager placed beside the first with one finger "
        "held up to double down, or with two fingers to split.",
    ),
    house(
        "Down Under Blackjack confirming a signal",
        "The dealer acts on no unclear signal and on no hit of a hard 17 or more before asking the player to say the "
        "decision aloud.",
    ),
    house(
        "Down Under Blackjack bust",
        "A hand over 21 loses at once: the dealer collects its wager before the next hand is played.",
    ),
    house(
        "Down Under Blackjack turning the hole card",
        "When every player's hand is complete the dealer turns the hole card face up.",
        note="§685a.1 defines the hole card as the second card dealt face down to the dealer; when it is exposed is "
        "not in the §685a text we have.",
    ),
    house(
        "Down Under Blackjack payouts",
        "A hand that beats the dealer's is paid 1 to 1 on its wager (both wagers when doubled), a blackjack at the "
        "table's blackjack payout; a tie pushes. A dealer's blackjack beats every hand but a player's blackjack, "
        "which pushes with it. A two-card 21 made by splitting is not a blackjack.",
        note="§685a.1 defines blackjack; the payout odds are not in the §685a text we have.",
    ),
    house(
        "Down Under Blackjack blackjack payout, option blackjack_pays",
        "A player's blackjack is paid 3 to 2 on its wager, or 6 to 5 where the table pays 6 to 5. Nothing is "
        "rounded: the table takes only a Down Under Blackjack wager whose blackjack payout is a whole number of "
        "cents, an even number of cents at 3 to 2, a multiple of 5 cents at 6 to 5. Default: 3 to 2.",
        note="§685a.1 defines blackjack; the payout odds are not in the §685a text we have.",
    ),
    house(
        "Down Under Blackjack settlement order",
        "Once the dealer's hand is complete the dealer settles the remaining hands from the dealer's right (the "
        "highest-numbered seat) to seat 1, a split pair's second hand before its first.",
    ),
    # ----- The published house ways (Wizard of Odds), clause by clause -----
    house("Foxwoods house way: five aces", "A pair of aces goes in the low hand, unless a pair of kings can go there."),
    house("Foxwoods house way: full house", "The highest pair that may go in the low hand goes there."),
    house("Foxwoods house way: no pair", "The second and third highest cards go in the low hand."),
    house("Foxwoods house way: one pair", "The pair goes in the high hand, the two highest other cards in the low."),
    house("Foxwoods house way: four aces, kings, queens or jacks", "Always split: a pair in each hand."),
    house("Foxwoods house way: four 6s and below", "Never split: the two highest other cards go low."),
    house(
        "Foxwoods house way: four 10s, 9s, 8s or 7s",
        "The four stay in the high hand if at least a king can go in the low hand; otherwise split.",
    ),
    house("Foxwoods house way: four of a kind with a pair or three of a kind", "The pair goes in the low hand."),
    house(
        "Foxwoods house way: straight, flush or straight flush with an ace and a pair of K, Q, J or 10",
        "The ace goes in the low hand and the pair in the high hand when that makes a better low hand.",
    ),
    house(
        "Foxwoods house way: straight, flush or straight flush with no pair",
        "The two highest cards that still leave a complete hand in the high hand go in the low hand.",
    ),
    house(
        "Foxwoods house way: straight, flush or straight flush with one pair",
        "The highest two cards possible, pair or not, that leave a complete hand in the high hand go in the low hand.",
    ),
    house(
        "Foxwoods house way: straight, flush or straight flush with three of a kind",
        "The complete hand goes in the high hand and the pair in the low hand.",
    ),
    house("Foxwoods house way: three pair", "The highest pair goes in the low hand."),
    house(
        "Foxwoods house way: three of a kind, kings and below",
        "The three of a kind stays in the high hand; the two highest other cards go in the low hand.",
    ),
    house(
        "Foxwoods house way: three aces",
        "An ace and the next highest card go in the low hand, a pair of aces in the high.",
    ),
    house("Foxwoods house way: two pair, big pair A, K, Q or J", "Split: the small pair goes in the low hand."),
    house(
        "Foxwoods house way: two pair, big pair 6, 5, 4 or 3",
        "Both pairs stay in the high hand if a king or higher can go in the low hand; otherwise split.",
    ),
    house(
        "Foxwoods house way: two pair, big pair 10, 9, 8 or 7",
        "Both pairs stay in the high hand if an ace can go in the low hand; otherwise split.",
    ),
    house("Foxwoods house way: two sets of three", "A pair from the higher set goes in the low hand."),
    house("Trump Plaza house way: two pair, a pair of aces and any other pair", "Always split."),
    house("Trump Plaza house way: two pair, low pair (2-6) with a high pair (J-K)", "Split unless holding an ace."),
    house(
        "Trump Plaza house way: two pair, low pair (2-6) with a low or medium pair (7-10)",
        "Split unless holding a king or better.",
    ),
    house("Trump Plaza house way: two pair, a medium (7-10) or high (J-K) pair with a high pair", "Always split."),
    house("Trump Plaza house way: two pair, two medium pairs (7-10)", "Split unless holding an ace."),
    # ----- Carnival poker: Let It Ride Poker, Three Card Poker and Ultimate Texas Hold 'Em (the base games) -----
    pa_code(
        "§643a.1 definition of Community card",
        "Community card—A card which is used by all players to form a five-card Poker hand.",
    ),
    pa_code(
        "§643a.1 definition of Hand",
        "Hand—The five-card Poker hand formed for each player by combining the three cards dealt to the player and "
        "the two community cards.",
    ),
    pa_code(
        "§643a.1 definition of Let It Ride",
        "Let It Ride—When a player does not withdraw a wager as permitted under § 643a.11(b) and (d) (relating to "
        "procedures for completion of each round of play).",
    ),
    inferred(
        "§643a.11(b)",
        "Having seen the three cards dealt, a player may withdraw the first wager, which the dealer returns, or let "
        "it ride.",
        "from the §643a.1 definition of Let It Ride, which permits withdrawing a wager under §643a.11(b) and (d); "
        "that (b) is the first wager's and (d) the second's is inferred from their order",
    ),
    inferred(
        "§643a.11(d)",
        "Having seen the first community card turned, a player may withdraw the second wager, which the dealer "
        "returns, or let it ride, whatever was done with the first. The third wager stays in action.",
        "from the §643a.1 definition of Let It Ride, which permits withdrawing a wager under §643a.11(b) and (d); "
        "that (b) is the first wager's and (d) the second's is inferred from their order",
    ),
    inferred(
        "§643a.6(b)",
        "The five-card Poker hands rank, highest first: royal flush, straight flush, four of a kind, full house, "
        "flush, straight, three of a kind, two pair, one pair, high card; A-2-3-4-5 is the lowest straight.",
        "from the §643a.1 definitions, which rank a five-card hand as §643a.6(b) (Let It Ride Poker rankings) "
        "defines; its text is not in the regulation text we have, and these are poker's rankings",
    ),
    house(
        "Let It Ride Poker deal",
        "Each position places three equal wagers, the first, second and third. The dealer delivers three cards face "
        "down to each position with wagers, from the dealer's far left, then two community cards face down to the "
        "dealer's place; after the first decisions the dealer turns the first community card face up, and after "
        "the second decisions the other. The dealer holds no hand of the dealer's own.",
        note="§643a.7–§643a.11 are not in the regulation text we have; the hand is three cards and two community "
        "cards as §643a.1 defines it.",
    ),
    house(
        "Let It Ride Poker paytable, option let_it_ride_paytable",
        "Each wager still in action wins on the player's hand (the three cards and the two community cards) at the "
        "odds of the table's paytable, and loses below a pair of tens. Paytable 1000-200-50-11-8-5-3-2-1: royal "
        "flush 1000 to 1, straight flush 200 to 1, four of a kind 50 to 1, full house 11 to 1, flush 8 to 1, "
        "straight 5 to 1, three of a kind 3 to 1, two pair 2 to 1, pair of tens or better 1 to 1. Paytable "
        "500-200-50-11-8-5-3-2-1: royal flush 500 to 1, straight flush 200 to 1, four of a kind 50 to 1, full house "
        "11 to 1, flush 8 to 1, straight 5 to 1, three of a kind 3 to 1, two pair 2 to 1, pair of tens or better 1 "
        "to 1. Default: 1000-200-50-11-8-5-3-2-1.",
        note="§643a.12 (payout odds) is not in the regulation text we have.",
    ),
    house(
        "Let It Ride Poker house advice",
        "The strategy the school posts for players, which most simulated players follow. With three cards, let the "
        "first wager ride on a pair of tens or better, three of a kind, or three suited cards within five ranks: "
        "three in a row but 2-3-4 and A-2-3, a spread of four with a ten or better, a spread of five with two (three "
        "to a royal flush among them). With four cards, let the second wager ride on a pair of tens or better, two "
        "pair or more of a kind, four to a flush, four in a row with a ten or better, or four cards of ten or "
        "better. Else pull the wager back. The cautious habit lets a wager ride only on a paying hand already held.",
        note="A player's choice, not a rule of the game (the Wizard of Odds' basic strategy, leaving out the "
        "four-card draws worth nothing either way).",
    ),
    pa_code(
        "§653a.1 definition of Check",
        "Check—Waiving the right to place a Play Wager but remaining in the round of play.",
    ),
    pa_code(
        "§653a.1 definition of Fold",
        "Fold—The withdrawal of a player from a round of play by not making a Play Wager.",
    ),
    pa_code("§653a.1 definition of Flop", "Flop—The first three community cards dealt during a round of play."),
    pa_code(
        "§653a.6(b)",
        "The permissible five-card Poker hands at the game of Ultimate Texas Hold 'Em Poker, in order of highest to "
        "lowest rank, shall be: (1) A royal flush, … (2) A straight flush, … (3) A four-of-a-kind, … (4) A full "
        "house, … (5) A flush, … (6) A straight, … (7) A three-of-a-kind, …",
        note="The text we have stops in (b)(7); two pair, one pair and high card follow as in every poker ranking.",
    ),
    pa_code(
        "§653a.12(a)",
        "A certificate holder shall pay each winning Ante Wager and Play Wager at odds of 1 to 1.",
    ),
    pa_code(
        "§653a.12(b)",
        "A certificate holder shall pay the player’s winning Blind Wager in accordance with the odds in one of the "
        "following paytables selected by the certificate holder in its Rules Submission filed in accordance with "
        "§ 601a.2 (relating to table games Rules Submissions):",
    ),
    pa_code(
        "§653a.12(c)",
        "The certificate holder shall pay the player’s winning Trips Wager at the odds in one of the following "
        "paytables, selected by the certificate holder in its Rules Submission filed in accordance with § 601a.2:",
    ),
    house(
        "Three Card Poker rankings",
        "Three cards rank, highest first: straight flush, three of a kind, straight, flush, pair, high card; a "
        "straight outranks a flush. Ace is high, or low in A-2-3, the lowest straight. Hands of one category "
        "compare card by card; equal hands tie.",
        note="Chapter 649a is not in the regulation text we have: these are the game's published rankings.",
    ),
    house(
        "Three Card Poker deal",
        "After the wagers, the dealer delivers three cards face down to each position with a wager, from the dealer's "
        "far left, then three face down to the dealer.",
        note="Chapter 649a is not in the regulation text we have.",
    ),
    house(
        "Three Card Poker Play Wager",
        "A player who holds an Ante Wager, having seen the three cards, places a Play Wager equal to the Ante Wager or "
        "folds and forfeits the Ante Wager.",
        note="Chapter 649a is not in the regulation text we have.",
    ),
    house(
        "Three Card Poker dealer qualification",
        "The dealer's hand qualifies with queen high or better. When it does not, each Ante Wager still in play wins 1 "
        "to 1 and each Play Wager pushes.",
        note="Chapter 649a is not in the regulation text we have.",
    ),
    house(
        "Three Card Poker Ante and Play settlement",
        "Against a qualifying dealer hand, a higher player hand wins the Ante and Play Wagers 1 to 1, an equal hand "
        "pushes both and a lower hand loses both.",
        note="Chapter 649a (its payout odds section included) is not in the regulation text we have.",
    ),
    house(
        "Pair Plus paytable, option pair_plus_paytable",
        "The Pair Plus Wager wins on the player's own three cards, whatever the dealer holds and whether or not the "
        "player folds, at the odds of the table's Pair Plus paytable; it loses below a pair. Default: 40-30-6-4-1.",
        note="Chapter 649a's paytables are not in the regulation text we have.",
    ),
    house(
        "Ante Bonus paytable, option ante_bonus_paytable",
        "A player who placed a Play Wager is paid the Ante Bonus on a straight or better, whatever the dealer holds, "
        "at the odds of the table's Ante Bonus paytable, on the Ante Wager. Default: 5-4-1.",
        note="Chapter 649a's paytables are not in the regulation text we have.",
    ),
    house(
        "Three Card Poker house advice",
        "The strategy the school posts for players, which most simulated players follow: play queen-six-four or "
        "better, fold anything lower.",
        note="The optimal strategy for the Ante and Play Wagers; a player's choice, not a rule of the game.",
    ),
    house(
        "Ultimate Texas Hold 'Em deal",
        "After the Ante, Blind and Trips Wagers, the dealer delivers two cards face down to each position with a "
        "wager, from the dealer's far left, then two face down to the dealer; after the first decisions the dealer "
        "burns a card and deals the flop face up, and after the second burns a card and deals the last two community "
        "cards face up.",
        note="§653a.8–§653a.11 are not in the regulation text we have; the burn and the flop are as §653a.1 defines "
        "them.",
    ),
    house(
        "Ultimate Texas Hold 'Em Play Wager",
        "The Ante and Blind Wagers are equal. Before the flop a player may place a Play Wager of three or four times "
        "the Ante or check; after the flop, a player who has checked may place two times the Ante or check; after the "
        "last two community cards, one times the Ante or fold. A player places at most one Play Wager.",
        note="§653a.7 and §653a.11 are not in the regulation text we have; checking and folding are as §653a.1 "
        "defines them.",
    ),
    house(
        "Ultimate Texas Hold 'Em dealer qualification",
        "The dealer's hand qualifies with a pair or better. When it does not, each Ante Wager in play pushes and the "
        "Play and Blind Wagers are settled against the dealer's hand.",
        note="§653a.11 is not in the regulation text we have.",
    ),
    house(
        "Ultimate Texas Hold 'Em settlement",
        "A player's hand higher than the dealer's wins the Play Wager, the Ante Wager (if the dealer qualifies) and "
        "the Blind Wager, which pushes on a hand its paytable does not list; an equal hand pushes the three; a lower "
        "hand, or a fold, loses them. The Trips Wager wins on the player's own hand, folded or not, whatever the "
        "dealer holds, and loses below three of a kind.",
        note="§653a.11 is not in the regulation text we have; the odds are §653a.12's.",
    ),
    house(
        "Ultimate Texas Hold 'Em house advice",
        "The strategy the school posts for players, which most simulated players follow: four times the Ante before "
        "the flop with a pair of threes or better, any ace, king-x suited, king-five or better, queen-six suited or "
        "better, queen-eight or better, jack-eight suited or better or jack-ten; two times after the flop with two "
        "pair or better, a pair that uses a hole card (not pocket twos) or four to a flush holding a ten or better of "
        "its suit; one time at the river with a pair that uses a hole card or better, or when fewer than 21 of the "
        "unseen cards would give the dealer a better hand.",
        note="A player's choice, not a rule of the game (the Wizard of Odds' simple strategy).",
    ),
    house(
        "Carnival poker wrong Play Wager",
        "A Play Wager of an amount the game does not allow is put right by the dealer before the game goes on: the "
        "player's chips are made the largest amount the game allows at that decision.",
    ),
    house(
        "Carnival poker hand reading",
        "The dealer turns each hand face up and reads it aloud by its category, the dealer's first, then each player's "
        "as it is settled.",
    ),
    house(
        "Carnival poker settlement order",
        "The dealer settles position by position from the dealer's far right (seat 6) to the far left (seat 1), and "
        "at each position the wagers in the layout's order. This is a fixed procedure of the simulator: no table "
        "option changes it.",
    ),
    house("Carnival poker end of round", "The dealer collects every card to the discard rack and the round is over."),
    # ----- The chip rack, at every table -----
    house(
        "Chip rack, option rack",
        "The chips in the table's rack, each denomination with its colour, largest first: the dealer pays from them. "
        f"Each colour names one denomination, from those the felt draws: {', '.join(CHIP_COLOURS[:-1])} and "
        f"{CHIP_COLOURS[-1]}. Default: {write_rack(DEFAULT_RACK)}.",
        note="The regulation has wagers made and paid in value chips (§685b.1(f) counts them) but leaves their "
        "denominations and colours to the casino.",
    ),
    house(
        "Chipping procedure, option chipping",
        "How the dealer makes up a payout from the rack: highest denominations first, each chip as large as the "
        "amount left allows while the smaller chips can still make up the rest; colour for colour with the wager, "
        "highest first in no chip larger than the wager's largest (a wager taken as made up highest first; a "
        "progressive or Mystery Bonus award, which no wager's "
        "colours make up, highest first, as is a payout those colours would leave more in coin); or at most a stated "
        "number of chips of one denomination, the rack's largest chip excepted, any mix within it, the expected "
        "payment being the fewest chips within it and, among as few, the most of the larger chips (a stated mix "
        "that leaves an amount the rack's chips make unpaid is refused when the table is set). A right total in "
        "other chips breaks this procedure; a wrong total is a mispay. "
        "Default: highest denominations first.",
        note="The regulation has a winning wager paid at its odds; it does not say in which chips.",
    ),
    house(
        "Paying beyond the rack",
        "What the rack's chips cannot make is paid otherwise, so every payout is paid in full: the part less than the "
        "rack's smallest chip in coin beside the chips (a 3 to 2 blackjack on $5, $7.50, is one $5 chip, two $1 chips "
        "and 50 cents in coin), and a payout that would take more than 500 chips highest first by its amount alone. "
        "This is a fixed procedure of the simulator: no table option changes it.",
        note="The regulation has every payout made in full (a Mystery Bonus at 100% of the meter, (c)(7)); it says "
        "nothing of coin, or of a payout too large for the rack.",
    ),
    # ----- Cash at the table: buy-ins, colour-ups and the chip inventory -----
    house(
        "Buy-in count",
        "A player buys in by laying cash on the layout; the dealer spreads it in view of the player and the camera, "
        'counts it and announces the amount ("Change, $300"). This is a fixed procedure of the simulator: no table '
        "option changes it.",
        note="The text we hold of 58 Pa. Code has no section on cash exchanged at a live table (Chapter 605a lists "
        "buying in with an electronic wagering system by title only).",
    ),
    house(
        "Buy-in drop",
        "Once the amount is announced, the dealer pushes the cash through the slot into the table's drop box with "
        "the paddle, before any chips are sold. This is a fixed procedure of the simulator: no table option changes "
        "it.",
        note="The text we hold of 58 Pa. Code says nothing of the drop box at a buy-in.",
    ),
    house(
        "Buy-in mix, option buy_in_mix",
        "The chips a buy-in is sold in, to the cash's exact amount: up to a stated number of chips of a stated "
        "denomination (the table's betting unit) first, the rest highest denominations first; or all of it highest "
        "denominations first. Default: up to 20 $5.00 chips, the rest highest denominations first.",
        note="The regulation has wagers made in value chips; it does not say in which chips cash is changed.",
    ),
    house(
        "Colouring up",
        "A player leaving the table has the chips in front of them coloured up: the dealer takes them into the rack "
        "and gives the same amount in the fewest chips, highest denominations first. This is a fixed procedure of the "
        "simulator: no table option changes it.",
        note="The regulation says nothing of colouring up.",
    ),
    house(
        "Table chip inventory",
        "The table's chips are counted by denomination. A round opens with the rack as the table's last round closed "
        "it (the rack's float, 100 chips of each denomination, at a table's first round, after a change of its rack, "
        "and at every round of a scenario or an exam); it takes in each losing wager's chips (made up highest first), "
        "each commission and the chips a player colours up, and gives out each payout's chips, the chips sold at a "
        "buy-in and those given at a colour-up. At the end of every round the opening inventory, plus any fill, plus "
        "what came in, less what went out, is the closing inventory, which the table's next round opens with; the cash "
        "in the drop box equals the chips sold. A drop that does not match the chips sold is a finding. This is a "
        "fixed procedure of the simulator: no table option changes it.",
        note="The regulation has some awards paid from the table inventory; the text we hold does not say how the "
        "inventory is counted.",
    ),
    house(
        "Rack fill",
        "When the rack would run short of a denomination, a payout, a sale or a colour-up giving out more chips of it "
        "than the rack holds, the house brings a fill before the step: as many chips of that denomination as leave "
        "the float (100 chips) in the rack after the step. A round opening short (rounds dealt at once at one table "
        "together gave out more than the rack held) is filled to the float before its first step. Each fill is "
        "counted in the round's chip inventory with the step it came before. This is a fixed procedure of the "
        "simulator: no table option changes it.",
        note="The regulation we hold does not say how a table's rack is filled.",
    ),
)
"""Every clause the product cites, by the clause as written."""

CITED: set[str] = set()
"""The clauses looked up so far: what the catalogue's completeness check compares it with."""


def cite(clause: str) -> Citation:
    """The catalogue's entry for a clause as written; KeyError naming the clause where the catalogue has none."""
    CITED.add(clause)
    if clause not in CLAUSES:
        raise KeyError(f"{clause} is not in the catalogue (simulator/core/clauses.py CLAUSES)")
    return CLAUSES[clause]


HOUSE_SECTION = "House procedures"
"""The section of a house procedure that names no section of the regulation and no published house way."""


def section_of(clause: str) -> str:
    """The section a clause belongs to, as a report groups clauses: the section number, a house way, or the house's.

    >>> section_of("§645b.2(f)(1)"), section_of("Foxwoods house way: no pair"), section_of("Tiger 9 declaration")
    ('§645b.2', 'Foxwoods house way', 'House procedures')
    """
    if clause.startswith("§"):
        return re.split(r"[(,\s]", clause, maxsplit=1)[0]
    if " house way:" in clause:
        return clause.split(":", 1)[0]
    return HOUSE_SECTION


def catalogue_order(clause: str) -> int:
    """A clause's place in the catalogue, the order reports list clauses in; a clause not in it comes last."""
    return CLAUSE_ORDER.get(clause, len(CLAUSE_ORDER))


CLAUSE_ORDER = {clause: place for place, clause in enumerate(CLAUSES)}
"""Each clause's place in the catalogue."""
