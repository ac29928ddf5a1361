"""Read every card in a frame: corner hypotheses, index glyphs, classifiers, then one answer per
card with a confidence. Below the threshold a card is reported as unknown, never guessed."""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np
from threadpoolctl import ThreadpoolController

from pi_app.engine.cards import RANKS, Card
from pi_app.vision.designs import CARD_ASPECT
from pi_app.vision.detect import (
    Corner,
    GlyphSite,
    Outlines,
    edge_grey,
    find_glyph_hypotheses,
    find_outline_corners,
    find_pile_corners,
    mirrored,
    run_steps,
    side_steps,
)
from pi_app.vision.files import write_whole
from pi_app.vision.glyphnet import GlyphNet
from pi_app.vision.glyphs import RANK_HEIGHT, corner_at_rank, rank_centre_at
from pi_app.vision.index import (
    FIRM_INK,
    GLYPH,
    GLYPH_VIEWS,
    INK,
    IndexGlyphs,
    corner_patch,
    first_look,
    misframed,
    on_border,
    rank_glyph,
    read_corner,
    read_glyphs,
    reframe,
    step_back,
    widened,
)
from pi_app.vision.piles import unexplained
from pi_app.vision.pips import frame_pip_glyphs, pip_glyphs

DEFAULT_THRESHOLD = 0.9
INDEX_LIKE = 0.7
"""How sure we must be that a patch is a corner index at all to report an unknown card there."""
NOT_INDEX = 0.99
"""How sure the rank network must be that a misframed first look is no index for it to be
dropped without being framed again (of 603 such looks in 48 tables, none read as a card), or
that an unsure reading is none for it not to be looked at again with a firmer line for ink."""
CONDENSED = 0.6
"""A rank glyph narrower than this share of its height is printed condensed (a bellot 10, 0.58;
an anglo_modern 4, 0.4), narrower than the rank network learned any rank (its training glyphs
stretched 0.85-1.15 across): it calls such a 4 no index at 0.9. Read widened by WIDENED
(`Recognizer._condensed_read_wide`), it reads 4 at 1.000."""
STROKE = 0.35
"""Narrower than this share of its height, a rank glyph is a piece of one, no condensed figure:
in a fan, the half of an ace that shows beside the next card's edge (10 pixels wide, 29 high),
widened, read as an ace at 1.000 and put the card where its neighbour lies."""
WIDENED = 1.5
"""How much wider a condensed rank is read: 0.4 to 0.6 of its height becomes 0.6 to 0.9, a
common figure's proportions."""
CONDENSED_SURE = 0.99
"""How sure the widened reading of a condensed rank must be to stand for it."""
TEN = RANKS.index("T")
PIPPED = TEN
"""The highest rank (0-12) printed with pips beside its index (`_settled_by_pips`): a court
card's art is no pip."""
NONE_RANK, NONE_SUIT = 13, 4
"""Each classifier's extra class: this is not a corner index at all."""
SUIT_NONE_WEIGHT = 0.2
"""How much the suit network's "not an index" counts against a card's confidence. A suit glyph
alone cannot tell an index suit from a pip (it learned from pips as "not an index"), so a
small diamond it doubts is mostly a diamond; the rank network, which never sees a pip as a
rank, says whether the corner is an index."""
OUTVOTE = 2.0
"""A card's surest answer stands against other sure readings of it only when the readings
agreeing with it weigh (summed confidence) at least this many times those naming another card:
one framing of an index misread among several read alike is outvoted, an even split is not."""
INDEX_DIAGONAL = (1.0, 2.5)
"""From one index's rank glyph to the other index's on the same card, how many times further
down the card than across it: the card's aspect less the indexes' insets (1.2-1.7 for common
decks, wider for loose corner guesses); the next card's index in a row lies nearer 0.8-1."""
OPPOSITE_TWIST = 10.0
"""Degrees by which one card's two index corners, read from opposite ends, may face other than
exactly opposite ways (loose corner guesses, a tilted camera): on the benchmark tables half
such pairs are within 2 and most within 6-11, while the bottom index of a fanned neighbour
that lands where a card's own would be is turned by the fan's step (15 on the median)."""
TURNED_APART = 45.0
"""Degrees by which two framings of one rank glyph may face apart and both be taken to read it
upright: beyond, the less sure does not dispute the surer (a row's 2 of spades read at 0.999,
and sideways as a queen of hearts at 0.98; four seeds: 4 more cards, misreads alike, at 30
to 70 degrees alike)."""
UNDISPUTED = 0.99
"""Readings this sure, linked only as opposite corners facing more than OPPOSITE_TWIST askew,
are two cards: neither outvotes the other, and one does not hide the other. Less sure
readings still treat such a link as one card (so a neighbour's index still outvotes a
doubtful misreading, as it did for a 7S read as 7C at 0.98). A reading this sure also needs
no second framing to back it when its rank glyph and a linked one lie apart as one card's two
indexes never do (`_same_card`)."""
LONE_ONCE = 0.999
"""How sure the reading of a lone card's first index corner must be for its other index corner
to go unread (`_read_lone_cards_once`)."""
SECOND_OPINION_SURE = 0.99
"""How sure the default model's networks must read a glyph that a learned deck's networks
read unsurely for their reading to stand in its place (`Recognizer.second_opinion`). Tuned on
52 photos, a deck's networks read some glyphs less surely than the default ones (a fanned
anglo 7 of hearts, which the next card's edge cuts: 0.61 through one seat, and the default
0.997). Seeds 1, 3 and 5 of the benchmark, learned decks: 11 more cards and a misread fewer (a
dondorf fan); from 0.999, 2 more and the same misread fewer; from 0.98, one more misread on
seed 3; the two models' readings averaged read 32 fewer on seed 1."""
BEYOND_DOUBT = 0.999
"""Readings this sure are disputed only by readings of their card that are UNDISPUTED
themselves: in a row, another framing of a 9 of spades' glyph read as the 9 of clubs at 0.96
made an unknown of the 9 of spades read at 1.000 (`OUTVOTE` weighs confidence, and 1.0
against 0.96 is an even split). Four seeds: 8 more cards, all in rows, none more misread
(at 0.9999, 3 more; counting only undoubted readings against every undoubted one, from
0.99: 13 more cards and 3 more misread)."""
DISPUTE_TURNS = (-6.0, -3.0, 3.0, 6.0)
"""Degrees by which a disputed reading's framing is turned about its rank glyph, to be read
again (`Recognizer._disputes_read_turned`), and an unsure seat's (`_seats_read_turned`): one
framing's misreading seldom survives a few degrees' turn, and a glyph read right reads alike.
Six seeds of the benchmark (`--no-learn`, before the dispute rule was kept to cards none of
whose readings stands, and before seats were read turned): turned 4 degrees each way only, a
card more (5 gained, 4 lost) than at these four; 4 and 8 degrees each way, as many cards (5
gained, 5 lost)."""
TURNED_LOOK_SURE = UNDISPUTED
"""A disputed reading's turned look counts in the vote from this sure: counted from the
threshold, the turned looks of a dondorf 5 of diamonds' bottom index, on which the next
card's corner lies, read as a 3 at 0.93 to 0.998, named a 3 of diamonds that lay nowhere."""
FIRM_SURE = 0.98
"""How sure a second look with a firmer line for ink must be to replace an unsure reading, or
to stand where the first look found no index, and how sure a reading another card's edge cut
into must be. At the card threshold (0.9) the second look read more cards but misread more
on some benchmark seeds; from 0.97 on, about as many misreads as without it. Once a fan's
top card no longer disputed its neighbours (`_same_card`), the cut 10s read as kings at 0.97
that its dispute had hidden showed: at 0.98, 27 cards fewer and 6 misreads fewer on the
benchmark's four seeds than at 0.97; at 0.99, 80 and 7 (docs/vision.md)."""
MEASURED_OFF = 0.3
"""How far a measured card width may stray from the frame's width per rank glyph height before
it is taken for a mismeasure (a fan's outline corner whose two edges are two cards')."""
WIDTH_PER_GLYPH = (4.0, 10.0)
"""A card's width in its rank glyph's heights, from a big index's (tango's, 4.4-6.3 on the
benchmark's tables) to a small one's (a bridge deck's, about 9); the common index's is 7.1
(`glyphs.RANK_HEIGHT`). A width measured or spanned outside it is a mismeasure."""
GLYPH_DOWN = 0.84
"""Where down the card an index's rank glyph sits, in its own heights (the median of the
right readings on the benchmark's tables)."""
GLYPH_ACROSS = 1.2
"""How far across the card (along u) from its corner, in its own heights, an index's rank
glyph may lie: on the benchmark's tables 99% of the right readings lie within 1.0."""
GLYPH_BEFORE = 0.0
"""How far across the card from its corner, in its own heights, an index's rank glyph lies at
least: never before the corner, outside its card."""
GLYPH_SEAT = 0.65
"""Where across the card an index's rank glyph sits, in its own heights (the median of the
right readings on the benchmark's tables)."""
EDGE_ENDS_APART = 3.0
"""Rank glyph heights down a card's edge, at least, from the index at one end to the index at
the other (the card's length less the insets: 6-8 heights)."""
END_MARGIN = 2.0
"""How many times more the mirrored end's far side must step, against its near side, than the
other end's (`_mirrored_end`)."""
EDGE_RUN_DOWN = 4.0
"""How far down its card's long edge from an index's rank glyph, in the glyph's heights, the
edge beside the index is followed to confirm it (`_turned_right`): short of the other end's
index on any deck (a card is 6 to 10 rank heights long)."""
RUN_MARGIN = 1.5
"""How many times more the card's edge run must step on one side of the span between a card's
two end indexes than on the other (`detect.run_steps`) to show which side the card lies on."""
FACE_MARGIN = 0.5
"""How far beyond the rank glyphs of a card read at both its indexes, in their heights, its face
is taken to reach (`_Face`): to about its edges, the glyphs lying about as far in."""
TABLE_SCALE_WITNESSES = 2
"""How many sure readings a frame needs before the width they were framed at is taken for
the table's (`_at_table_scale`)."""
TABLE_SCALE_OFF = 1.5
"""How many times wider or narrower than the table's framing width a hypothesis must be to
be read again at it: nearer, `reframe` mends the difference. Four seeds: at 1.3, 8 more
cards (no more misread); read at TABLE_SCALE_SURE 0.995, at 1.25 5 more cards for two thirds
more patches read again, and at 1.8 8 fewer for a third fewer."""
TABLE_SCALE_SURE = 0.99
"""How sure a reading at the table's framing width must be to stand. On the benchmark's four
seeds (`--no-learn`): 6,474 cards and 33 misreads at 0.99; 6,469 and 33 at 0.995; 6,472 and
34 at 0.985; 6,476 and 35 at FIRM_SURE (0.98), the added misreads a neighbour's index read
at a card's corner."""
SEATED_TURN = 10.0
"""Degrees by which the framing of the sure reading nearest an unsure glyph must face away
from the glyph's own framing for the glyph to be read again turned as that one (`_seated`)."""
SEATED_SURE = 0.999
"""How sure a reading through a corner seated on an unsure glyph must be to stand (`_seated`)
where its rank is contested (`_rank_contested`: a card's edge cut into its glyphs, and another
seat's reading of the glyph reads its rank as another); else from `SEATED_UNCONTESTED_SURE`.
Four seeds of the benchmark (`--no-learn`): 24 more cards and none more misread; at 0.995, 30
more and 1 more misread (a fan's 9 of clubs, half under the next card, read through its
neighbour's turn as the 3 of clubs); at 0.99, read only where the neighbour's turn differs, 33
and 2."""
SEATED_UNCONTESTED_SURE = 0.998
"""How sure a seat's reading must be to stand where its rank is not contested
(`_rank_contested`, `_seated`; else from `SEATED_SURE`). Where no card's edge cut into its
glyphs (`IndexGlyphs.cut`), six seeds of the benchmark (`--no-learn`): 7 more cards (4 bellot;
5 in rows), none lost or misread; learned decks (seeds 1, 3 and 5), 1 more; from 0.997, a
misread. Cut seats too from 0.998, uncontested: 9 more cards and 2 lost (dondorf fans, whose
seatings then took another course), none misread; learned decks 6 more and 1 lost; seeds 6 and
8, 8 more and 1 lost. Every seat from 0.99, uncontested: 53 more, 13 lost and 3 more
misread."""
SEATED_GAP_SURE = 0.995
"""How sure a seat's reading in a fan's or a row's gap must be to stand (`_fan_gaps`,
`_row_gaps`, `_seated`): the cards read on either side, their arc or line and their step, put a
card there, which a seat on a glyph alone does not know. Six seeds of the benchmark
(`--no-learn`): 17 more cards and 6 lost (the frame's seatings taking another course), none
misread; learned decks (seeds 1, 3 and 5), 1 more; seeds 6 and 8, 6 more and 1 lost. From 0.99:
21 more, 6 lost and a misread (a bellot 3 of hearts named in a row where the 4 of hearts and
the 3 of diamonds lay)."""
SEAT_BACKING = 0.5
"""How sure an unsure glyph's own reading must be of a card for a seat's reading of that card
to stand from SEATED_BACKED_SURE (`_seated`)."""
SEATED_BACKED_SURE = 0.95
"""How sure a seat's reading must be to stand where the glyph's own unsure reading named the
same card (`SEAT_BACKING`): two framings seldom agree on a wrong card. Four seeds of the
benchmark (`--no-learn`): 14 more cards, none lost or misread; at 0.99, 7 more; at 0.9 with
the card named at any confidence, 22 more and 1 more misread."""
SEATS_APART = 1.0
"""Degrees by which two seats' framings of one glyph must face apart for their readings of one
card to back each other from SEATED_BACKED_SURE (`_agreeing`), and two framings of a cut
glyph for one to back the other from CUT_BACKING (`Recognizer._needed`): seats turned alike
(one site seated at two widths, or two sites turned as the same sure reading) make one look
twice, and repeat its errors. Four seeds of the benchmark (`--no-learn`), for seats: 27 more
cards, 1 more misread (a dondorf 6 of clubs in a fan read as the 8 through two seats turned 40
and 46 degrees); at 0 (any two seats of one glyph), 45 more and 5 more misread (a bellot 5 of
hearts whose hook reads as a J, clubs for spades); at 2, 3 and 5 degrees, 25, 22 and 20 more
and 1 more misread."""
CUT_BACKING = 0.5
"""How sure another reading of a cut glyph must be of the same card, through a framing turned
SEATS_APART or more from its own, for a cut reading to be sure from the threshold, not
FIRM_SURE (`Recognizer._needed`; through any framing, from the threshold). Four seeds of the
benchmark (`--no-learn`): 17 more cards, none more misread, all but two in fans (seeds 2 and
4: 5 more, none misread); at 0.3, 20 more; at any confidence, 21 more and 1 more misread; from
0.5 through framings turned alike too, 22 more and 1 more misread (a simplistic 9 of diamonds
half under the next card, read as the queen at 0.943 and 0.893 through framings facing
alike), and from 0.7 so, 13 more and that misread."""
SEATS_ALIKE_SURE = 0.98
"""How sure two seats' readings of one card from one glyph, turned alike, must both be to back
each other (`_agreeing`): short of that, one look's error repeats (a bellot 5 of hearts' hook
read as the jack at 0.97 and 0.9993; an anglo_modern 2 of spades read as clubs at 0.977 and
0.978), and beyond it a gap's seat and a glyph's agree (an anglo king of diamonds in a row, read
0.9895 to 0.9958 by seats turned 4 degrees off her card). Four seeds of the benchmark
(`--no-learn`): 8 more cards, none misread; at 0.99, 3 more; at 0.97, 10 more and 1 more
misread."""
SEAT_TURNED_FROM = 0.8
"""How sure a seat's reading, at a glyph no seat's reading of which stands, must be to be read
again turned (`Recognizer._seats_read_turned`)."""
SEAT_TURNED_AGREE = 2
"""How many of a seat's turned looks (`DISPUTE_TURNS`) must read its card from
`SEAT_TURNED_SURE`, every one that finds an index reading it from `SEAT_TURNED_ALL`, for it to
stand (`Recognizer._seats_read_turned`). Six seeds of the benchmark (`--no-learn`, seats'
readings from 0.8): 23 more cards (24 gained; a plastic queen of spades lost, the frame's
seatings taking another course), misreads alike; seeds 6 and 8, 8 more (one misread more and
one fewer, both of seatings taking another course); learned decks (seeds 1, 3 and 5), 8 more
(one misread more, an anglo_modern 6 of clubs, a quarter of its index hidden, read as the 8 at
0.977, turned 0.78 to 0.996; one fewer). Three from 0.9, no look reading another card from 0.9: 24
more on six seeds. Two from 0.95, no look reading another card from 0.5, the rest free: 28
more, and on seeds 6 and 8, 13 more and a misread fewer, but on the learned decks 17 more and
2 more misread: a gnomangelo 10 of clubs read as the king (turned, 0.97, 0.000 and 0.99), a
bellot 8 of clubs named where the ace of spades lay (turned, 0.000, an ace of clubs at 0.004,
0.99 and 0.999)."""
SEAT_TURNED_SURE = 0.95
"""How sure `SEAT_TURNED_AGREE` of a seat's turned looks must read its card."""
SEAT_TURNED_ALL = 0.5
"""How sure each of a seat's turned looks that finds an index must read its card: one that
reads it faintly, or another card, says the glyph reads as the framing falls."""
SEATED_CLOSER = 0.85
"""Where a glyph's seat at the table's framing width reads nothing beyond doubt, it is read
again seated at this share of that width, with the firmer line for ink (`_seated`,
`index.FIRM_INK`): a deck that prints its index big (tango's, bellot's, paris',
neoclassical's) is framed 1.1 to 1.5 times its card's width, so the seat's patch starts above
and beside the card and takes in its edges: in a row, thin lines against the card behind,
which join or crowd the rank; and in a tight fan or a row the shadow of the card on top runs
into the glyphs at the first line. Four seeds of the benchmark (`--no-learn`), at the first
line: 16 more cards, none more misread (at 0.9, 8 more; at 0.8, 17 more and 1 more misread);
at the firmer line, 7 more again and 1 misread fewer (at the table's own width, as many
cards; at 0.8 of it, 6 more; seated at the firmer line both times, 6 more; at the firmer line
after the first, 12 more for 5-7% more time)."""
TUCKED_IN = 0.7
"""A seat whose first look finds no index is seated again with its corner this share of the
common index's offset from the glyph (`glyphs.RANK_CENTRE`) away, at the same width
(`_seated_on`): a deck that prints its index big (bellot's) prints its rank nearer its corner,
for the rank's size, than the common index, so at the width its rank is framed at, the seat's
corner falls outside its card, on the card beneath, whose edge and art then run into the
rank (a bellot 9 of diamonds in a row, whose top ran into the crown of the queen beneath it).
Six seeds of the benchmark (`--no-learn`): 11 more cards, 8 of them bellot's, none lost or
misread (at 0.8, 8 more; at 0.6, 12 more, 2 lost and 1 more misread)."""
SEAT_PROMISE = 0.5
"""A glyph that some seat read as a card from this sure, though none beyond doubt, is seated
closer (`SEATED_CLOSER`) once more, at the first line for ink, and that seat's reading is kept
only where it stands on its own (`_seated`): the firmer line also thins an index's strokes
(a kennard 2 of spades in a row, seated closer, reads 0.71 at the firmer line and 0.991 at the
first), and the first line was the firmer's rival for the closer seat. Six seeds
of the benchmark (1 to 5 and 7): 16 more cards, none more misread, all in rows and fans, whose
mean table took 2 to 3% longer (scattered tables read alike, as fast: their seats seldom read
a card at all); with its unsure readings weighed with the other seats' (`_agreeing`), five
seeds 23 more cards, and a kennard 3 of diamonds read as the 3 of hearts beyond doubt."""
FAN_ALIKE = 60.0
"""Degrees within which sure readings face as the one nearest a glyph does, to be taken for
the cards of its fan (`_fan_arc`); the next card's other index faces about 180 away."""
FAN_FIT = 90.0
"""Degrees by which a sure reading may face off the way the arc through its fan's glyphs turns
it, for the arc to be trusted (`_fan_arc`): corner guesses that read surely face up to
about 10 degrees off their card; cards that lie at random (a scattered table) can face any
way. Four seeds of the benchmark (`--no-learn`): 21 more cards (fans 17, rows 4), none lost
and none misread; at 30, 18 more (the rows' 3 fewer); at 15, 10 more."""
ARC_APART = 6.0
"""Degrees by which the way the arc turns a glyph must differ from the way its first seat was
turned for the glyph to be seated again turned so (`_seated`): a fan's step is 7 to 13 degrees
on the benchmark, and a row's cards lie up to a few degrees askew of each other. Four seeds:
at 3, the same cards (and about the same time); at 9, 4 fewer."""
SEATINGS = 3
"""How many times the unsure glyphs are seated on at most (`_seated`): each time another seat
stands, the cards it read are witnesses for the next, with which a fan's arc is fitted again
and a glyph seated turned as its nearest read neighbour. Six seeds of the benchmark
(`--no-learn`): against one seating, 40 more cards at two, 46 at three, 47 at six."""
RESEATED_HEIGHT = 1.5
"""How many times taller or shorter than the frame's usual rank glyph a later seating's reading
may have found its glyph and stand (`SEATINGS`): on a learned bellot deck, a fan all of whose
cards were read was seated again, and a seat beside the jack of diamonds' index framed a
shape twice a rank's height as the jack of clubs beyond doubt. Six seeds of the benchmark
(`--no-learn`): the same cards; learned, seed 1, that misread fewer."""
ARC_FROM_TWO = 3.0
"""Degrees by which a fan's only two sure readings must face apart for its arc to be fitted
through them alone (`_fan_arc`): two cards of a row face alike within its jitter, and the
arc through them would be a circle through that jitter."""
FAN_GAP_FIT = 0.3
"""How far, in fan steps, a gap between two read cards' glyphs on a fan's arc may lie from a
whole number of steps for the cards missing in it to be seated on (`_fan_gaps`). Four seeds of
the benchmark (`--no-learn`): at 0.45, the same cards and 1 more misread."""
GAP_REACH = 2.0
"""How far from a seat's site, in rank glyph heights, a glyph the seat finds may lie to be
seated on again (`_seats`). A gap's place (`_fan_gaps`, `_row_gaps`) is worked out from the
cards read either side, and a row's cards lie unevenly (an anglo_poker row's 2 of diamonds, 16
pixels below the line between its neighbours' glyphs, reads 1.000 seated on its own glyph and
no index seated at the place). Four seeds of the benchmark (`--no-learn`): 5 more cards, none
misread (at 3, 4 more); seeds 2 and 4: 1 more. An unsure glyph is often the suit under the
rank, or a piece of it, and its seat frames the rank above (a bellot jack of spades in a row,
its small spade beside the court art's big one, read 1.000 seated on its J and no index
seated on the spade; six seeds: 18 more cards, none lost or misread)."""
FAN_GAP_FACING = 20.0
"""Degrees within which every sure reading on a fan's arc must face as the arc turns it for the
gaps on it to be seated on (`_fan_gaps`): `FAN_FIT` lets an arc through cards that lie at random
by, and a scattered table then had 2.6 gaps a frame seated on, for 3 cards more on four seeds
of the benchmark (`--no-learn`)."""
ROW_ALIKE = 5.0
"""Degrees within which sure readings face as one of them does, to be taken for the cards of
its row (`_row_gaps`): a row's cards lie parallel, a few degrees askew of each other (the
benchmark turns each card of a row by 3 degrees, one standard deviation). Four seeds of the
benchmark (`--no-learn`), with `ROW_ACROSS` at 2: 23 more cards, all in rows, none lost or
misread; at 2, 11 more and 1 more misread; at 4, 20 more; at 6, 17; at 8, 14; at 10, 11; at
15, 8."""
ROW_ACROSS = 2.0
"""How far, in rank glyph heights, the glyphs of a row's sure readings may lie across the line
through them (`_gaps_in_row`): a row's cards lie a few pixels off it either way, and cards
that lie parallel but apart (two hands) are not one row. Four seeds of the benchmark
(`--no-learn`, `ROW_ALIKE` at 10): at 1.5 and at 3, as many cards as at 2. At 1, the first
version (searching only the rows `_seated` fitted an arc for) read 10 fewer: of the 106 it
tried on seed 1's rows, 71 gave no place, most of them one card's readings alone, but several
rows of six to eight read cards whose glyphs lay 1.0 to 1.6 glyph heights off their line."""
HEIGHT_NEARER = 1.1
"""How many times nearer the frame's usual rank glyph height one reading's glyph must be than
another's, the two found at one glyph and sure of two cards, for the other to be taken for a
piece of the rank or a rank run into something else, and dropped (`_whole_glyphs`). Four
seeds of the benchmark (`--no-learn`): 8 more cards, none lost or misread; at 1.05, 9 more and
2 more misread; at 1.2, 7 more."""
FREED_SIZE = (0.3, 1.3)
"""The sizes of the glyph sites (`detect.GlyphSite`) seated on (`_seated`), in the frame's
usual rank glyph height (the sure readings' median): most sites are pieces of pips and court
art. Four seeds of the benchmark (`--no-learn`, readings kept from 0.999), against no glyph
sites: 30 more cards and 1 more misread; every size, 31 and 2, with a third more seats.
Seated as high as the shape's own size, not its pair's guess: 5 cards fewer."""
FREED_SURE = 0.9995
"""How sure a reading through a corner seated on a glyph site (`detect.GlyphSite`) must be to
stand (`_seated`). Four seeds of the benchmark (`--no-learn`): at `SEATED_SURE` (0.999), 4
more cards and 1 more misread (a piece of a bellot 5 of hearts' 5, its top cut off, read as
the jack of hearts at 0.999)."""
SAME_GLYPH = 0.6
"""How near two rank glyph centres must lie, in the taller glyph's heights, to be one glyph."""
SHAPE_DOUBT = 0.9
"""A reading's suit shape is in doubt between the two suits of one colour where those two hold
this much of its suit probability between them (`_settled_by_pips`)."""
LONE_PIPS_UNDER = UNDISPUTED
"""A lone card's reading whose suit is in doubt (`SHAPE_DOUBT`) is weighed by its pips while it
is short of this sure, not only while it is unsure (`_settled_by_pips`): no other card lies on a
lone card, so the pips beside its index are its own. A bellot 8 of spades lying alone on a
scattered table read as the 8 of clubs at 0.96 and 0.90 at its two indexes, its spade pips
spades beyond doubt. Six seeds of the benchmark (`--no-learn`): 2 more cards and 1 fewer
misread, none lost (seeds 1, 3 and 5's learned decks read alike); from BEYOND_DOUBT, the same.
Every sure reading, lone or not, weighed so: 1 card fewer (in a row and a fan the next card's
index suit lies where a pip would, and was read as one), and 2 fewer misreads."""
FRAME_PIPS_UNDER = SEATED_SURE
"""A court card's reading is weighed by its frame pip while it is short of this sure, not only while
it is unsure (`_settled_by_frame_pips`): a seat's reading stands only from
`SEATED_UNCONTESTED_SURE`, and one at the threshold may yet be disputed (a bellot jack of spades,
his index spade read a club at 0.93, stayed unknown). Six seeds of the benchmark (`--no-learn`):
5 more cards (bellot jacks of hearts and spades and a king of spades, an anglo king of diamonds,
a neoclassical jack of diamonds), none lost or misread; seeds 6 and 8 a bellot king more. Every
reading short of certain: 3 tango court cards lost and one misread."""
_SUIT_IS_RED = np.array([0.0, 1.0, 1.0, 0.0])
DECK_NEARER = 0.75
"""An unsure reading's suit in doubt is the one whose nearest sure suit glyph in the frame lies
this many times as near as the other's (`Recognizer._settled_by_the_deck`; cosine
distances)."""
DECK_OVERRULES = 0.5
"""A sure reading's suit in doubt gives way to the other of its colour only where the other's
nearest sure suit glyph elsewhere in the frame lies this many times as near
(`Recognizer._settled_by_the_deck`): a sure glyph misread as a suit can lie as near as the
other suit's (a bellot row's 5 of spades, 0.022 from a 2 misread as a club, 0.031 from the
2 of spades)."""
DECK_APART = 0.2
"""An unsure reading's suit in doubt is not one whose nearest sure glyph in the frame lies this
far (cosine distance) or further, where the frame shows no sure glyph of the other
(`Recognizer._settled_by_the_deck`). On six seeds of the benchmark, such a suit glyph lay
0.02 from the nearest sure glyph of its own suit on the median, and under 0.14 in 19 cases of
20; from the other suit of its colour, 0.25 on the median, and over 0.09 in 19 of 20."""
NAMED_BESIDE = 1.0
"""How near, in card widths (its rank glyph's height times the deck's width per glyph height),
a sure reading's rank glyph must lie to an unsure reading's for the card it names to be ruled
out of that reading (`Recognizer._not_named_beside`): a card's own other index lies further
off. Six seeds of the benchmark (`--no-learn`): at 1.5, a card fewer and one more misread."""
NAMED_CONTENDER = 0.05
"""How much of an unsure reading the cards its neighbours name surely must hold between them
(the rank's or the suit's probability) to be ruled out of it (`Recognizer._not_named_beside`).
Six seeds of the benchmark (`--no-learn`): at any share, 2 more cards and one more misread (a
dondorf 10 of clubs, half under the next card of a fan, read as the king of clubs at 0.979,
and at 0.988 with the king of spades beside it, which held 0.008 of it, ruled out); at 0.15,
2 fewer cards. So too the least share of a seat's reading the less likely of its two doubted
suits must hold for the deck to settle it (`Recognizer._settled_seats`): a suit that held
less was never in doubt."""
BOTH_ENDS = 0.7
"""How sure each of two unsure readings of one card's two index corners, naming it alike, must
be to be read together (`Recognizer._read_at_both_ends`). Six seeds of the benchmark
(`--no-learn`): at 0.5, one more misread (a plastic ace of clubs in a fan, read a spade at 0.898
and 0.591: the suit network takes plastic's club for a spade at both ends); at 0.8, the same."""
CUT_SUIT = "cut_suit"
"""The prefix of `Model.cut_suit`'s arrays in a model file."""
CUT_RANK = "cut_rank"
"""The prefix of `Model.cut_rank`'s arrays in a model file."""


class ModelError(ValueError):
    """A model or deck profile file that cannot be used."""


@dataclass
class Model:
    """Rank (13 + "not an index") and suit (4 + "not an index") glyph networks, and what they
    were built from. The rank network says whether a corner is an index at all; the suit
    network's doubt counts a fifth (SUIT_NONE_WEIGHT)."""

    rank: GlyphNet
    suit: GlyphNet
    name: str = "default"
    width_per_glyph: float | None = None
    """A learned deck's card width in rank glyph heights (measured on its photos), for frames
    where no card's width shows; None for the common index's (`glyphs.RANK_HEIGHT`)."""
    cut_suit: GlyphNet | None = None
    """The suit network with its dense layer and head tuned to suits another card's edge cut
    (`IndexGlyphs.cut`: in a fan the next card hides part of the suit), on the suit network's
    own convolutions; it reads the suits of cut readings. None: the suit network reads them."""
    cut_rank: GlyphNet | None = None
    """The rank network tuned likewise to ranks another card's edge cut (`IndexGlyphs.rank_cut`:
    in a tight fan the next card's edge runs down a big index's rank); it reads them with the
    rank network. None: the rank network reads them alone."""

    def save(self, path: Path) -> None:
        arrays = {"name": np.array(self.name), **self.rank.to_arrays("rank"),
                  **self.suit.to_arrays("suit")}
        if self.width_per_glyph is not None:
            arrays["width_per_glyph"] = np.array(self.width_per_glyph)
        for prefix, net in ((CUT_SUIT, self.cut_suit), (CUT_RANK, self.cut_rank)):
            if net is not None:
                arrays.update(net.to_arrays(prefix, convs=False))
        data = io.BytesIO()
        np.savez_compressed(data, **arrays)  # type: ignore[arg-type]
        write_whole(Path(path), data.getvalue())  # a profile half written would not load

    @classmethod
    def load(cls, path: Path | str) -> Model:
        try:
            with np.load(path) as data:
                arrays = dict(data)
            name = str(arrays.pop("name"))
            ratio = arrays.pop("width_per_glyph", None)  # profiles before it have none
            width_per_glyph = None if ratio is None else float(ratio)
        except (OSError, KeyError, ValueError) as exc:
            raise ModelError(f"{path}: not a card model or deck profile ({exc})") from exc
        if "rank_conv0_w" not in arrays:
            raise ModelError(f"{path}: made by another version of the card reader (learn the "
                             "deck again with `crib deck learn`; for the default model run "
                             "scripts/vision-build-model.py)")
        try:
            suit = GlyphNet.from_arrays(arrays, "suit")
            rank = GlyphNet.from_arrays(arrays, "rank")
            cut_suit, cut_rank = (GlyphNet.from_arrays(arrays, prefix, convs=net.convs)
                                  if f"{prefix}_dense_w" in arrays else None
                                  for prefix, net in ((CUT_SUIT, suit), (CUT_RANK, rank)))
            model = cls(rank, suit, name, width_per_glyph, cut_suit, cut_rank)
        except KeyError as exc:
            raise ModelError(f"{path}: not a card model or deck profile ({exc})") from exc
        if any(net.n_classes != NONE_RANK + 1 for net in (model.rank, model.cut_rank)
               if net is not None) or any(
                net.n_classes != NONE_SUIT + 1 for net in (model.suit, model.cut_suit)
                if net is not None):
            raise ModelError(f"{path}: expects 14 rank and 5 suit classes")
        try:
            model.rank.check(GLYPH_VIEWS, GLYPH)
            model.suit.check(GLYPH_VIEWS, GLYPH)
        except ValueError as exc:
            raise ModelError(f"{path}: made by another version of the card reader ({exc}; "
                             "learn the deck again with `crib deck learn`)") from exc
        return model

    @classmethod
    def default(cls) -> Model:
        with resources.as_file(resources.files("pi_app.vision") / "data" / "default.npz") as p:
            return cls.load(p)


@dataclass
class Detection:
    card: Card | None
    """None when the card is seen but could not be read with confidence."""
    confidence: float
    corners: np.ndarray
    """4x2 frame pixels, clockwise from the corner whose index was read."""
    anchor: np.ndarray = field(repr=False)

    @property
    def label(self) -> str:
        return self.card.code if self.card is not None else "unknown"

    @property
    def width(self) -> float:
        return float(np.linalg.norm(self.corners[1] - self.corners[0]))

    def to_json(self) -> dict[str, object]:
        return {"card": self.label, "confidence": round(self.confidence, 3),
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners]}


@dataclass
class Reading:
    detections: list[Detection]
    ms: float


_Read = tuple[Corner, Corner, IndexGlyphs]
"""A hypothesis, the framing its glyphs were read through, and the glyphs."""
_Readings = tuple[list[_Read], list[Corner], np.ndarray, np.ndarray]
"""Readings of hypotheses, the hypotheses in which no index was found, and the readings' rank
and suit probabilities (`Recognizer._read_hypotheses`)."""


def _joined(first: _Readings, then: _Readings) -> _Readings:
    """Two batches of readings as one, `first`'s first."""
    return (first[0] + then[0], first[1] + then[1], np.concatenate([first[2], then[2]]),
            np.concatenate([first[3], then[3]]))


def _added(first: tuple[list[_Read], np.ndarray, np.ndarray],
           then: tuple[list[_Read], np.ndarray, np.ndarray]
           ) -> tuple[list[_Read], np.ndarray, np.ndarray]:
    """Two batches of readings with their rank and suit probabilities as one, `first`'s
    first (`_joined`, for batches without the hypotheses in which no index was found)."""
    return (first[0] + then[0], np.concatenate([first[1], then[1]]),
            np.concatenate([first[2], then[2]]))


class Recognizer:
    """Finds and reads cards. `Recognizer()` uses the shipped default model; pass a deck profile's
    model for a learned deck, and the default model as its `second_opinion`
    (`Recognizer.for_profile`)."""

    def __init__(self, model: Model | None = None, threshold: float = DEFAULT_THRESHOLD,
                 second_opinion: Model | None = None) -> None:
        self.model = model or Model.default()
        self.threshold = threshold
        self.second_opinion = second_opinion
        """Networks that read the glyphs `model`'s leave unsure, where they read them from
        `SECOND_OPINION_SURE` (`_probabilities`)."""

    @classmethod
    def for_profile(cls, profile: Model, threshold: float = DEFAULT_THRESHOLD) -> Recognizer:
        """A recogniser for a learned deck: its profile's networks, with the default model's
        as their second opinion."""
        return cls(profile, threshold, Model.default())

    def read(self, frame: np.ndarray) -> Reading:
        start = time.perf_counter()
        detections = self.detect(frame)
        return Reading(detections, (time.perf_counter() - start) * 1000)

    def detect(self, frame: np.ndarray) -> list[Detection]:
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise ValueError(f"expected a BGR frame (height x width x 3, uint8), got "
                             f"{frame.dtype} {'x'.join(map(str, frame.shape))}")
        with one_blas_thread():
            return self._detect(frame)

    def _detect(self, frame: np.ndarray) -> list[Detection]:
        grey = edge_grey(frame)
        outline_corners, outlines = find_outline_corners(frame, grey)
        hypotheses, reads, missed, pr, ps = self._read_lone_cards_once(frame, outline_corners)
        reads, pr, ps = _added((reads, pr, ps), self._lone_cards_unwiped(frame, reads, pr, ps))
        faces = self._whole_faces(reads, pr, ps)
        if piles := self._unexplained_piles(outlines, reads, pr, ps, faces):
            closer = find_pile_corners(frame, outlines, grey, piles, outline_corners)
            reads, missed, pr, ps = _joined((reads, missed, pr, ps),
                                            self._read_hypotheses(frame, closer))
            hypotheses = hypotheses + closer
            faces = self._whole_faces(reads, pr, ps)
        glyph_sites: list[GlyphSite] = []
        if piles := self._unexplained_piles(outlines, reads, pr, ps):
            paired, glyph_sites = find_glyph_hypotheses(frame, outlines, grey, piles)
            paired = _off_faces(faces, paired)
            glyph_sites = [site for site, off in zip(glyph_sites, _off(faces, [
                site.centre for site in glyph_sites]), strict=True) if off]
            reads, missed, pr, ps = _joined((reads, missed, pr, ps),
                                            self._read_hypotheses(frame, paired))
            hypotheses = hypotheses + paired
            faces = self._whole_faces(reads, pr, ps)
        reads, pr, ps = _added((reads, pr, ps),
                               self._firm_reads(frame, _off_faces(faces, missed)))
        if not reads:
            return []
        reads, pr, ps = _added((reads, pr, ps),
                               self._at_table_scale(frame, hypotheses, reads, pr, ps, faces))
        seatings = _Seatings()
        for _ in range(SEATINGS):
            seated = self._seated(frame, reads, pr, ps, glyph_sites, faces, outlines, seatings)
            reads, pr, ps = _added((reads, pr, ps), seated)
            if not seated[0]:
                break
        seen = [_seen_of(read) for read in reads]
        framings = [framed for _, framed, _ in reads]
        self._look_again(frame, seen, framings, pr, ps, faces)
        self._settled_by_pips(frame, seen, framings, pr, ps)
        self._settled_by_frame_pips(frame, reads, pr, ps)
        self._settled_by_the_deck(seen, pr, ps)
        same_index = _same_index(seen)
        self._not_named_beside(seen, pr, ps, same_index)
        self._read_at_both_ends(seen, pr, ps, same_index)
        answer = self._sure_cards(seen, pr, ps, same_index)
        whole = _whole_glyphs(seen, answer)
        kept = [s for s, keep in zip(seen, whole, strict=True) if keep]
        kept = _cornered_at_glyphs(_turned_right(grey, kept, answer[whole]))
        return self._choose(*self._disputes_read_turned(
            frame, kept, [f for f, keep in zip(framings, whole, strict=True) if keep],
            pr[whole], ps[whole]))

    def _read_lone_cards_once(self, frame: np.ndarray, hypotheses: list[Corner]
                              ) -> tuple[list[Corner], list[_Read], list[Corner], np.ndarray,
                                         np.ndarray]:
        """The readings of the outline corners (`_read_hypotheses`), with the hypotheses read:
        a lone card's other index corner only where its first is read short of `LONE_ONCE`.
        A lone card's outline holds that card alone, and both its indexes name it: read beyond
        doubt at one, it was read a second time for nothing, and lone cards' corners made
        half of a scattered table's first looks. Four seeds of the benchmark: 6,801 cards and
        29 misreads against 6,797 and 30 (bellot and plastic, each a card more on seeds 3 and
        5); seeds 2 and 4: 3,359 and 25 against 3,360 and 25 (a tango 10 of hearts, read
        unsurely at its own corners, that a later look read with the lone cards' second
        readings among the frame's sure ones). Same process, seeds 1 and 3's scattered tables:
        the mean 8 to 12% faster, the median over designs 12 to 17%."""
        firsts: dict[int, Corner] = {}  # per lone card, its first index corner
        later = [(h.lone, h) for h in hypotheses
                 if h.lone is not None and firsts.setdefault(h.lone, h) is not h]
        put_off = {id(h) for _, h in later}
        first = [h for h in hypotheses if id(h) not in put_off]
        reads, missed, pr, ps = self._read_hypotheses(frame, first)
        _, _, confidence = best_answers(pr, ps)
        surest: dict[int, float] = {}
        for (hypothesis, _, _), sure in zip(reads, confidence.tolist(), strict=True):
            surest[id(hypothesis)] = max(surest.get(id(hypothesis), 0.0), sure)
        again = [h for card, h in later if surest.get(id(firsts[card]), 0.0) < LONE_ONCE]
        if not again:
            return first, reads, missed, pr, ps
        reads, missed, pr, ps = _joined((reads, missed, pr, ps),
                                        self._read_hypotheses(frame, again))
        return first + again, reads, missed, pr, ps

    def _lone_cards_unwiped(self, frame: np.ndarray, reads: list[_Read], pr: np.ndarray,
                            ps: np.ndarray) -> tuple[list[_Read], np.ndarray, np.ndarray]:
        """The index corners of each lone card that none of `reads` (read as `pr` and `ps`)
        reads surely, read again with nothing wiped from their patches as a card edge
        (`index.read_corner`, `wipe`) where their reading had something wiped, and kept where
        that reads surely. No other card lies on a lone card, so no edge crosses its index;
        but a straight stroke of its own rank can run in line with its art's frame below, and
        the wipe took the whole for an edge (paris's kings, their stem above the ermine's
        edge). Six seeds of the benchmark (`--no-learn`): 3 more cards (paris kings on
        scattered tables), none lost or misread, for under 1% of a scattered table's time;
        read again too where no index was found, a tango jack more for 2%."""
        _, _, confidence = best_answers(pr, ps)
        read = {hypothesis.lone for (hypothesis, _, _), sure
                in zip(reads, (confidence >= self.threshold).tolist(), strict=True) if sure}
        looks = [(hypothesis, *look) for hypothesis, _, found in reads
                 if hypothesis.lone is not None and hypothesis.lone not in read and found.wiped
                 and (look := read_corner(frame, hypothesis, INK, wipe=False)) is not None]
        return _sure_only(looks, *self._probabilities([found for *_, found in looks]),
                          self.threshold)

    def _read_hypotheses(self, frame: np.ndarray, hypotheses: list[Corner]) -> _Readings:
        """Each hypothesis's first look (`index.first_look`), framed again where misframed
        (`_reframed`, `_with_first_looks`) and read off the border where unsure
        (`_read_off_border`); the hypotheses in which it found no index; and the readings'
        rank and suit probabilities."""
        reads: list[_Read] = []
        missed: list[Corner] = []
        for hypothesis in hypotheses:
            look = first_look(frame, hypothesis)
            if look is None:
                missed.append(hypothesis)
            else:
                reads.append((hypothesis, *look))
        reads, pr, ps = self._with_first_looks(frame, *self._reframed(frame, reads))
        self._read_off_border(frame, reads, pr, ps)
        return reads, missed, pr, ps

    def _unexplained_piles(self, outlines: Outlines, reads: list[_Read], pr: np.ndarray,
                           ps: np.ndarray, faces: Sequence[_Face] | None = None
                           ) -> list[np.ndarray]:
        """The piles among the `outlines` whose cards the readings of their outline corners
        (`reads`, read as `pr` and `ps`) do not account for (`piles.unexplained`): only those
        are searched for glyphs. Each card read surely counts once, with the outline its
        first sure reading's framing implies. Four seeds of the benchmark: as many cards read
        (6,785), one fewer misread (31); seeds 2 and 4, the same cards and misreads. Seed 1's
        scattered tables: a quarter less time on the median table (a seventh on the mean),
        where 23 of 88 read over a tenth faster; rows and fans are searched as before, their
        read cards lying on one another.

        With `faces` (`_whole_faces`), only the sure readings on one of them count: cards read
        at both their indexes, which no card lies across, and which may lie on one another
        (`piles.unexplained`, `whole`). Those are the piles searched again at full resolution.
        A row's bottom card, read at its one index that shows, lies under the next: its whole
        outline covers the cards on it, and the row's every third card read, a card's width
        apart, accounted for it all (the benchmark's rows: a plastic row of seed 1 lost 3
        cards so, a simplistic row of seed 3 lost 5)."""
        ranks, suits, _ = best_answers(pr, ps)
        sure = np.flatnonzero(self._sure(reads, pr, ps))
        if faces is not None:
            sure = sure[~_off(faces, [rank_glyph(reads[i][1], reads[i][2])[0] for i in sure])]
        _, first = np.unique((ranks * NONE_SUIT + suits)[sure], return_index=True)
        framings = [reads[i][1] for i in sure[np.sort(first)]]
        width = float(np.median([f.width for f in framings])) if framings else 0.0
        return unexplained(outlines.piles, [f.quad() * outlines.scale for f in framings],
                           width * outlines.scale, outlines.working, whole=faces is not None)

    def _whole_faces(self, reads: list[_Read], pr: np.ndarray, ps: np.ndarray) -> list[_Face]:
        """The faces of the cards that `reads` (read as `pr` and `ps`) read surely at both their
        index corners (`_faces`): no other card's index lies on them."""
        sure = np.flatnonzero(self._sure(reads, pr, ps))
        ranks, suits, _ = best_answers(pr[sure], ps[sure])
        framings = [reads[i][1] for i in sure]
        placed = [rank_glyph(framed, reads[i][2]) for i, framed in zip(sure, framings, strict=True)]
        return _faces(np.array([centre for centre, _ in placed]).reshape(-1, 2),
                      np.array([height for _, height in placed]),
                      np.array([f.u for f in framings]).reshape(-1, 2),
                      np.array([f.v for f in framings]).reshape(-1, 2), ranks * NONE_SUIT + suits)

    def _sure(self, reads: list[_Read], pr: np.ndarray, ps: np.ndarray) -> np.ndarray:
        """Per reading (read as `pr` and `ps`), whether it is sure: from the threshold, or
        FIRM_SURE where another card's edge cut into its glyphs (`_needed_where`)."""
        _, _, confidence = best_answers(pr, ps)
        return np.asarray(confidence >= self._needed_where(
            np.array([found.cut for *_, found in reads], bool)))

    def _reframed(self, frame: np.ndarray, reads: list[_Read], level: float = INK
                  ) -> tuple[list[_Read], list[tuple[int, _Read]]]:
        """First looks whose rank glyph was too big or small for their framing, framed again
        and read (`index.reframe`), but for those whose rank the rank network already rules
        out as an index (`NOT_INDEX`): framed better, those pips and art stayed no index, and
        reading them again cost a sixth of a busy frame's time. Of those, one read below a
        shape too big for a glyph (`IndexGlyphs.under_big`) is read stepped back instead
        (`index.step_back`): a big index framed too close, whose suit was read as its rank
        (a bellot queen framed at her card's width; four seeds of the benchmark: 4 more
        cards, none lost or misread; three of them through step-back readings that stay
        unsure, as glyphs to seat on or to read at the firmer line, so those are kept too).
        The rest as they were; and, for `_with_first_looks`, each first look that was framed
        again, with where its new reading is in the list. `level`: the line for ink they were
        read at."""
        odd = [i for i, (_, _, glyphs) in enumerate(reads) if misframed(glyphs)]
        if not odd:
            return reads, []
        pr = self.model.rank.probabilities(np.stack([reads[i][2].rank for i in odd]))
        ruled_out = {i for i, none in zip(odd, pr[:, NONE_RANK], strict=True) if none >= NOT_INDEX}
        kept: list[_Read] = []
        firsts: list[tuple[int, _Read]] = []
        for i, read in enumerate(reads):
            hypothesis, framed, glyphs = read
            if i in ruled_out:
                if glyphs.under_big and (back := step_back(frame, framed, level)) is not None:
                    kept.append((hypothesis, *back))
                continue
            again = (hypothesis, *reframe(frame, framed, glyphs, level)) if i in odd else read
            if again[1] is not framed:
                firsts.append((len(kept), read))
            kept.append(again)
        return kept, firsts

    def _with_first_looks(self, frame: np.ndarray, reads: list[_Read],
                          firsts: list[tuple[int, _Read]], level: float = INK,
                          sure: float | None = None
                          ) -> tuple[list[_Read], np.ndarray, np.ndarray]:
        """`reads`, with the first looks (`firsts`, from `_reframed`) that read surely where
        framing them again did not, and their rank and suit probabilities (the readings and
        the first looks read by the networks in one batch). A deck that prints its index big
        (plastic's, bellot's) has it framed again at a card size too big: the wider patch
        takes in more of what lies round the index (in a fan, the next card's edge and index)
        and reads it unsurely. Where the second reading is sure, it alone stands, as before:
        keeping the first look there too read 34 more cards on the benchmark's four seeds, and
        6 more wrong (docs/vision.md).

        So too an outline corner's first look framed again at that card size in place
        (`index.reframe`, `in_place`), where framing it again did not read surely: the
        framing that puts its rank where the common index's lies from its corner puts a big
        index's corner off its card, on the card beneath, and the outline's corner is the
        card's own (six seeds of the benchmark: 13 more cards, plastic's and bellot's most,
        no more misread). `level`: the line for ink they were read at; `sure`: how sure a
        reading must be to stand at this stage (the threshold, unless given)."""
        pr, ps = self._probabilities([found for _, _, found in reads]
                                     + [found for _, (_, _, found) in firsts])
        _, _, confidence = best_answers(pr, ps)
        n = len(reads)
        least = self.threshold if sure is None else sure
        unsure = [k for k, (i, _) in enumerate(firsts) if confidence[i] < least]
        extra = [k for k in unsure if least <= confidence[n + k]]
        rows = [*range(n), *(n + k for k in extra)]
        reads, pr, ps = reads + [firsts[k][1] for k in extra], pr[rows], ps[rows]
        in_place = [(hypothesis, *again) for hypothesis, framed, glyphs
                    in (firsts[k][1] for k in unsure)
                    if not hypothesis.from_glyphs  # an outline's corner: the card's own
                    and (again := reframe(frame, framed, glyphs, level, in_place=True))[0]
                    is not framed]  # else that look lost the index
        if not in_place:
            return reads, pr, ps
        placed_pr, placed_ps = self._probabilities([found for _, _, found in in_place])
        placed = best_answers(placed_pr, placed_ps)[2] >= least
        return (reads + [read for read, kept in zip(in_place, placed, strict=True) if kept],
                np.concatenate([pr, placed_pr[placed]]), np.concatenate([ps, placed_ps[placed]]))

    def _read_off_border(self, frame: np.ndarray, reads: list[_Read], pr: np.ndarray,
                         ps: np.ndarray) -> None:
        """Each unsure reading whose rank touches its patch's top or left side, read again with
        no shape there taken for the rank (`index.read_glyphs`, `off_border`; then framed again
        as first looks are), and replaced, with its rank and suit probabilities, where that
        reads surely: the shape may be the card's own outline. Four seeds of the benchmark:
        at the top alone, 4 more cards, none lost or misread (at FIRM_SURE, 3); the left side
        added, 5 more (9 gained, 4 lost) and as many misread (one card placed at another
        corner, another no longer)."""
        _, _, confidence = best_answers(pr, ps)
        looks = [(i, (hypothesis, *reframe(frame, framed, found)))
                 for i, (hypothesis, framed, glyphs) in enumerate(reads)
                 if on_border(glyphs.rank_box) and confidence[i] < self.threshold
                 and (found := read_glyphs(corner_patch(frame, framed), off_border=True))
                 is not None]
        if not looks:
            return
        again_pr, again_ps = self._probabilities([found for _, (_, _, found) in looks])
        _, _, again = best_answers(again_pr, again_ps)
        for k, (i, read) in enumerate(looks):
            if again[k] >= self.threshold:
                reads[i] = read
                pr[i], ps[i] = again_pr[k], again_ps[k]

    def _firm_reads(self, frame: np.ndarray, missed: list[Corner]
                    ) -> tuple[list[_Read], np.ndarray, np.ndarray]:
        """The hypotheses in which the first look found no index, read with a firmer line for
        ink (`index.FIRM_INK`), where that reading is undoubted (`FIRM_SURE`): the shadow of a
        card lying on top can join a rank and its suit into one shape too big for a glyph.
        Framed again and kept beside their first looks as the first look's readings are
        (`_reframed`, `_with_first_looks`), where the reading framed again is short of
        undoubted: a bellot jack of spades, its thin glyph broken at the first line, read at
        0.986 here, and framed again from its tall rank it read as the jack of clubs at 0.958,
        which no longer drops the first look for being sure at the threshold (four seeds of the
        benchmark: 3 more cards, none more misread). Each as (hypothesis, its framing, glyphs),
        with their rank and suit probabilities."""
        looks = [(hypothesis, *look) for hypothesis in missed
                 if (look := first_look(frame, hypothesis, FIRM_INK)) is not None]
        sure = max(self.threshold, FIRM_SURE)
        return _sure_only(*self._with_first_looks(frame, *self._reframed(frame, looks, FIRM_INK),
                                                  FIRM_INK, sure), sure)

    def _at_table_scale(self, frame: np.ndarray, hypotheses: list[Corner], reads: list[_Read],
                        pr: np.ndarray, ps: np.ndarray, faces: Sequence[_Face]
                        ) -> tuple[list[_Read], np.ndarray, np.ndarray]:
        """The hypotheses whose width is far from the table's framing width read again at it,
        where that reading is beyond doubt (`TABLE_SCALE_SURE`), with their rank and suit
        probabilities. The table's framing width is the median width the frame's sure
        readings (`reads`, read as `pr` and `ps`) were framed at: one deck, one camera, so
        about one index size. A hypothesis's own width is guessed from glyph spacing or a
        part of an outline, and can be half or twice the card's; a deck whose index is not
        the common size (bellot's is a fifth bigger) wants a width the guesses miss, and
        `reframe` cannot mend a first look that found a pip or half a glyph instead of the
        rank. Four seeds of the benchmark: 36 more cards, none more misread. Corners found from
        a glyph pair (`Corner.from_glyphs`), sized by their glyphs, are not read again: they
        made 56-59% of these readings in rows and fans and gave 2 of the 17 cards only this
        reading found (seed 3); four seeds, 4 cards fewer, none more misread, rows 7% faster.
        Nor is one whose index, at the table's width, would lie on one of the `faces` of cards
        read at both their indexes (`_faces`)."""
        table = self._framed_surely(reads, pr, ps)
        if table is None:
            return _no_reads(pr, ps)
        witnesses, width = table
        read_surely = {id(reads[i][0]) for i in witnesses}
        off = [hypothesis for hypothesis in hypotheses
               if id(hypothesis) not in read_surely and not hypothesis.from_glyphs
               and max(hypothesis.width / width, width / hypothesis.width) >= TABLE_SCALE_OFF]
        rescaled = [replace(hypothesis, width=width) for hypothesis in off]
        looks = [(hypothesis, *look) for hypothesis, again, on_none
                 in zip(off, rescaled, _indexes_off(faces, rescaled), strict=True)
                 if on_none and (look := first_look(frame, again)) is not None]
        return self._read_if(looks, max(self.threshold, TABLE_SCALE_SURE))

    def _seated(self, frame: np.ndarray, reads: list[_Read], pr: np.ndarray, ps: np.ndarray,
                glyph_sites: Sequence[GlyphSite], faces: Sequence[_Face], outlines: Outlines,
                seatings: _Seatings) -> tuple[list[_Read], np.ndarray, np.ndarray]:
        """Each glyph read unsurely where no sure reading lies, read again through a corner
        seated on it (the glyph where an index's rank sits) at the table's framing width
        (`_framed_surely`), turned as the nearest sure reading's framing where that faces
        more than `SEATED_TURN` away from the glyph's own, and kept where it reads the same
        glyph beyond doubt (`SEATED_UNCONTESTED_SURE`; `SEATED_SURE` where its rank is
        contested, `_rank_contested`) as a card no sure reading names: one deck holds one of
        each card (without that rule, on the benchmark's four seeds, an 8 and a 9 of diamonds
        and a jack of hearts read surely already were read again at other cards' corners in
        dondorf rows). In a row a corner guessed from glyph spacing or from the outline of
        overlapping cards can face 35 to 130 degrees askew of its card, and the glyph reads
        there as no index; the row's cards lie alike. A glyph that no seat at that
        width reads beyond doubt is seated again at `SEATED_CLOSER` of it, with the firmer line
        for ink, and where a seat read it as a card (`SEAT_PROMISE`), there at the first line
        too, kept only where that reading stands on its own; one that no seat reads so is seated
        at that width turned as its card would face
        in a fan (`_turned_on_arc`), where that differs from its first seat's turn by
        `ARC_APART`. The `glyph_sites` the opened ink mask adds (`detect.GlyphSite`) are
        seated on as those glyphs are, where no reading lies at them already and they are
        about a rank glyph's size (`FREED_SIZE`), each as high as its pair implies, and kept
        from `FREED_SURE`. Where a fan's sure readings leave a gap on its arc, the cards
        missing there are seated on as glyphs are (`_fan_gaps`); so are a row's (`_row_gaps`:
        a row's cards lie parallel, a step apart along a line), their readings kept from
        `SEATED_GAP_SURE`; and a glyph a gap's seat finds near its place, not at it, is seated
        on in turn (`GAP_REACH`). A seat's reading of the card the glyph's own reading named
        (`SEAT_BACKING`; for a gap, the readings at that place) stands from
        `SEATED_BACKED_SURE`: four seeds, 5 more cards from gaps so backed, none
        lost or misread; so does one that another seat's reading of the glyph backs
        (`_agreeing`: turned apart, or turned alike with both firm). With their rank and suit
        probabilities; `reads` are read as `pr` and `ps`. No glyph on one of the `faces` (the
        whole faces of cards read at both their indexes, `_faces`) is seated on: it is its
        card's own pip, art or index; nor is one on the outline of a lone card read surely
        (`Outlines.lone_card_at`), which holds that card alone (seeds 1, 3 and 7 of the
        benchmark: the same cards, scattered tables 1 to 4% faster; skipping every lone card,
        read or not, lost 2 plastic cards of seed 7, read unsurely at both their corners and
        surely seated on).

        `seatings`: the frame's seatings so far (`_Seatings`). A later one (`SEATINGS`) has
        the cards the earlier ones read among its witnesses: a fan read surely at two or three
        cards has its arc fitted again through the cards seated since, and a glyph is seated
        turned as its nearest read neighbour, a step nearer its own card. Its readings stand as
        the first's do, but not by seats agreeing (`_agreeing`) nor by suits the deck settles
        (`_settled_seats`), nor where its glyph is `RESEATED_HEIGHT` off the frame's usual
        rank height, nor where another seat's reading of the same glyph names another card
        beyond doubt (`_contradicted`): seated again, the other index of a card read already
        (a dondorf 3 of clubs in a row) was framed once as a 5 at 0.999, and its seats'
        readings of the 3, a card read already, were dropped as named. Six seeds of
        the benchmark (`--no-learn`): 46 more cards (39 in fans, 7 in rows), none lost or
        misread (with seats agreeing, 16 more and a gnomangelo 7 of spades read as the 7 of
        clubs; with the deck settling suits, 2 more and a misread; without `_contradicted`,
        that dondorf misread); seed 1's rows take 8% longer and its fans 14% (the mean
        table), scattered tables as long (their seats seldom read a card)."""
        table = self._framed_surely(reads, pr, ps)
        if table is None:
            return _no_reads(pr, ps)
        witnesses, width = table
        again = seatings.made > 0
        seatings.made += 1
        placed = [rank_glyph(framed, found) for _, framed, found in reads]
        centres = np.array([centre for centre, _ in placed])
        heights = np.array([height for _, height in placed])
        ranks, suits, confidence = best_answers(pr, ps)
        answers = ranks * NONE_SUIT + suits
        named = answers[witnesses]
        backs = np.where(confidence >= SEAT_BACKING, answers, -1)  # -1: backs no card
        framings = [reads[j][1] for j in witnesses]
        arcs: dict[int, _Arc | None] = {}  # by nearest sure reading: one fit per fan
        sites: list[tuple[np.ndarray, float, Corner]] = []
        on_arc: list[tuple[np.ndarray, float, Corner] | None] = []
        sure = max(self.threshold, SEATED_UNCONTESTED_SURE)
        usual = float(np.median(heights[witnesses]))
        unsure = [(*placed[i], reads[i][1], sure, int(backs[i]))
                  for i in np.setdiff1d(np.arange(len(reads)), witnesses).tolist()]
        unsure += [(site.centre, site.corner.width * RANK_HEIGHT, site.corner,
                    max(sure, FREED_SURE), -1)
                   for site in glyph_sites
                   if FREED_SIZE[0] <= site.size / usual <= FREED_SIZE[1]]
        centres_of = np.array([site[0] for site in unsure]).reshape(-1, 2)
        read_alone = set(outlines.lone_card_at(centres[witnesses]).tolist()) - {-1}
        unsure = [site for site, off, lone in zip(unsure, _off(faces, list(centres_of)),
                                                  outlines.lone_card_at(centres_of).tolist(),
                                                  strict=True)
                  if off and lone not in read_alone]
        needed: list[float] = []  # per site, how sure its seats' readings must be
        backing: list[int] = []  # per site, the card its own reading backs
        for centre, height, own, least, card in unsure:
            apart = np.linalg.norm(centres[witnesses] - centre, axis=1)
            if _one_glyph(apart, height, heights[witnesses]).any() or any(
                    np.linalg.norm(centre - site) < SAME_GLYPH * height for site, _, _ in sites):
                continue  # read surely already, or seated on already
            closest = int(np.argmin(apart))
            nearest = framings[closest]
            turn = nearest if float(nearest.u @ own.u) < np.cos(np.radians(SEATED_TURN)) else own
            sites.append((centre, height, turn))
            needed.append(least)
            backing.append(card)
            if closest not in arcs:
                arcs[closest] = _fan_arc(centres[witnesses], framings, closest)
            arc = _turned_on_arc(centre, nearest, arcs[closest])
            on_arc.append(None if arc is None or float(arc.u @ turn.u) > np.cos(
                np.radians(ARC_APART)) else (centre, height, arc))
        gaps = (_fan_gaps(centres[witnesses], framings, arcs, usual)
                + _row_gaps(centres[witnesses], framings, usual))
        for centre, height, turned in gaps:
            sites.append((centre, height, turned))  # turned as its card faces already
            needed.append(max(self.threshold, SEATED_GAP_SURE))
            at = _one_glyph(np.linalg.norm(centres - centre, axis=1), height, heights)
            backing.append(_backed(backs[at]))
            on_arc.append(None)
        looked: list[tuple[int, _Read]] = []  # every seat's reading, with its site
        looked_pr, looked_ps = _no_reads(pr, ps)[1:]
        stands = np.zeros(0, bool)
        done: set[int] = set()
        for seats, share, level, promised in ((sites, 1.0, INK, False),
                                              (sites, SEATED_CLOSER, FIRM_INK, False),
                                              (sites, SEATED_CLOSER, INK, True),
                                              (on_arc, 1.0, INK, False)):
            if promised:  # only the glyphs a seat read as a card (`SEAT_PROMISE`)
                seats = _read_as_cards(seats, looked, looked_pr, looked_ps)
            looks = _seats(frame, [site if k not in done else None
                                   for k, site in enumerate(seats)], width * share, level,
                           (centres[witnesses], heights[witnesses]), seatings.looked)
            pr_seated, ps_seated = self._probabilities([found for _, (_, _, found) in looks])
            self._settled_by_frame_pips(frame, [read for _, read in looks], pr_seated, ps_seated)
            seat_ranks, seat_suits, seat_confidence = best_answers(pr_seated, ps_seated)
            backed = seat_ranks * NONE_SUIT + seat_suits == np.array(
                [backing[site] for site, _ in looks], np.int64)
            seated = seat_confidence >= np.where(backed, max(self.threshold, SEATED_BACKED_SURE),
                                                 [needed[site] for site, _ in looks])
            if promised:  # kept only where they stand: not weighed with the others (`_agreeing`)
                standing = np.flatnonzero(seated)
                looks = [looks[k] for k in standing]
                pr_seated, ps_seated, seated = (pr_seated[standing], ps_seated[standing],
                                                seated[standing])
            done |= {site for (site, _), keep in zip(looks, seated, strict=True) if keep}
            looked += looks
            looked_pr = np.concatenate([looked_pr, pr_seated])
            looked_ps = np.concatenate([looked_ps, ps_seated])
            stands = np.concatenate([stands, seated])
        seen = [_seen_of(read) for _, read in looked]
        stands &= ~_rank_contested(seen, looked_pr, looked_ps)
        if again:
            stands &= ~_contradicted(seen, looked_pr, looked_ps)
            found_heights = np.array([s.glyph_height for s in seen])
            stands &= np.abs(np.log(found_heights / usual)) <= np.log(RESEATED_HEIGHT)
        else:
            still = np.flatnonzero([not stood and site not in done
                                    for (site, _), stood in zip(looked, stands, strict=True)])
            stands[still] = _agreeing([looked[k][1] for k in still], looked_pr[still],
                                      looked_ps[still], max(self.threshold, SEATED_BACKED_SURE),
                                      max(self.threshold, SEATS_ALIKE_SURE))
            stands = self._settled_seats(reads, pr, ps, looked, looked_pr, looked_ps, stands)
        looked, looked_pr, looked_ps, stands = self._seats_read_turned(
            frame, looked, looked_pr, looked_ps, stands)
        kept = [read for (_, read), keep in zip(looked, stands, strict=True) if keep]
        kept_pr, kept_ps = looked_pr[stands], looked_ps[stands]
        ranks, suits, _ = best_answers(kept_pr, kept_ps)
        new = ~np.isin(ranks * NONE_SUIT + suits, named)
        return ([read for read, keep in zip(kept, new, strict=True) if keep],
                kept_pr[new], kept_ps[new])

    def _seats_read_turned(self, frame: np.ndarray, looked: list[tuple[int, _Read]],
                           looked_pr: np.ndarray, looked_ps: np.ndarray, stands: np.ndarray
                           ) -> tuple[list[tuple[int, _Read]], np.ndarray, np.ndarray,
                                      np.ndarray]:
        """The seats' readings (`looked`, each with its site's number, read as `looked_pr` and
        `looked_ps`; `stands` says which stand), with the surest reading from
        `SEAT_TURNED_FROM` at each site none of whose readings stands read again through its
        framing turned by each of `DISPUTE_TURNS` about its rank glyph: where
        `SEAT_TURNED_AGREE` of the turned looks that find an index read its card from
        `SEAT_TURNED_SURE`, and every one of them from `SEAT_TURNED_ALL`, it stands, and those
        of its turned looks join it as standing readings of its site. A seat's misreading of
        a half-hidden glyph seldom survives a few degrees' turn, and a right reading does: a
        fanned anglo queen of hearts, read 0.962 by her seat, reads 0.89 to 0.987 turned and
        as nothing else. The turned looks vote as readings of its card, and back one that
        another card's edge cut into, which needs backing (`_needed`): six seeds of the
        benchmark (`--no-learn`), 23 more cards with them, 14 with the seat's reading standing
        alone. A reading the seats' rules ruled out (`_rank_contested`; in a later seating,
        `_contradicted` or `RESEATED_HEIGHT`) is read turned too: its turned looks are evidence
        those rules did not have (heeding them, six seeds alike, seeds 6 and 8 a card fewer and a
        misread more, learned decks a card fewer)."""
        stands = stands.copy()
        ranks, suits, confidence = best_answers(looked_pr, looked_ps)
        sites = np.array([site for site, _ in looked], np.int64)
        tried: set[int] = set(sites[stands].tolist())  # a site's reading stands already
        turned: list[tuple[int, _Read]] = []
        turned_pr, turned_ps = _no_reads(looked_pr, looked_ps)[1:]
        for k in np.argsort(-confidence).tolist():
            if confidence[k] < SEAT_TURNED_FROM:
                break
            if int(sites[k]) in tried:
                continue
            tried.add(int(sites[k]))
            hypothesis, framed, found = looked[k][1]
            looks = _turned_looks(frame, hypothesis, framed, rank_glyph(framed, found)[0])
            if not looks:
                continue
            pr, ps = self._probabilities([again for *_, again in looks])
            look_ranks, look_suits, look_confidence = best_answers(pr, ps)
            its_card = np.where((look_ranks == ranks[k]) & (look_suits == suits[k]),
                                look_confidence, 0.0)
            agreeing = its_card >= SEAT_TURNED_SURE
            if agreeing.sum() < SEAT_TURNED_AGREE or (its_card < SEAT_TURNED_ALL).any():
                continue
            stands[k] = True
            turned += [(int(sites[k]), looks[j]) for j in np.flatnonzero(agreeing).tolist()]
            turned_pr = np.concatenate([turned_pr, pr[agreeing]])
            turned_ps = np.concatenate([turned_ps, ps[agreeing]])
        return (looked + turned, np.concatenate([looked_pr, turned_pr]),
                np.concatenate([looked_ps, turned_ps]),
                np.concatenate([stands, np.ones(len(turned), bool)]))

    def _settled_seats(self, reads: list[_Read], pr: np.ndarray, ps: np.ndarray,
                       looked: list[tuple[int, _Read]], looked_pr: np.ndarray,
                       looked_ps: np.ndarray, stands: np.ndarray) -> np.ndarray:
        """Which of the seats' readings (`looked`, each with its site's number, read as
        `looked_pr` and `looked_ps`) stand: those that do (`stands`), and at each site none
        of whose readings stands, the one whose rank it reads surest beyond doubt
        (`SEATED_SURE`), of those whose suit's shape is in doubt between the two suits of its
        colour (`_suits_in_doubt`, the less likely holding `NAMED_CONTENDER` of it), where the
        suits the frame's readings so far (`reads`, read as `pr` and `ps`) show settle it
        (`_settled_by_the_deck`) undisputed (`UNDISPUTED`): a seat frames an index at the
        table's width, turned as its neighbour, and the suit network splits a small suit read
        so between the two of its colour (a bellot 4 of spades in a row, 0.73 a spade and 0.27
        a club; plastic's 10 of clubs, 0.49 a club and 0.51 a spade). Its probabilities stay
        as read: the deck settles it again among all the frame's readings. Six seeds of the
        benchmark (`--no-learn`): 8 more cards, none lost or misread
        (settled to the threshold, 0.95, instead, with no least share for the less likely
        suit: 23 more cards and 1 more misread, a seat's 6 of hearts at 0.995 whose suit was
        never in doubt)."""
        held = {site for (site, _), stood in zip(looked, stands, strict=True) if stood}
        ranks, _, _ = best_answers(looked_pr, looked_ps)
        rank_sure = looked_pr[np.arange(len(looked)), ranks]
        candidates = np.flatnonzero((rank_sure >= SEATED_SURE)
                                    & np.array([site not in held for site, _ in looked], bool))
        seen = [_seen_of(looked[k][1]) for k in candidates.tolist()]
        doubted, two = self._suits_in_doubt(seen, ranks[candidates], looked_pr[candidates],
                                            looked_ps[candidates])
        doubted &= looked_ps[candidates, two[:, 0]] >= NAMED_CONTENDER
        best: dict[int, int] = {}  # per site, its reading (in `candidates`) whose rank is surest
        for j in np.flatnonzero(doubted).tolist():
            site = looked[candidates[j]][0]
            if site not in best or rank_sure[candidates[j]] > rank_sure[candidates[best[site]]]:
                best[site] = j
        if not best:
            return stands
        chosen = list(best.values())
        settled_pr = np.concatenate([pr, looked_pr[candidates[chosen]]])
        settled_ps = np.concatenate([ps, looked_ps[candidates[chosen]]])
        self._settled_by_the_deck([_seen_of(read) for read in reads] + [seen[j] for j in chosen],
                                  settled_pr, settled_ps)
        _, _, confidence = best_answers(settled_pr[len(reads):], settled_ps[len(reads):])
        stands = stands.copy()
        stands[candidates[chosen][confidence >= UNDISPUTED]] = True
        return stands

    def _framed_surely(self, reads: list[_Read], pr: np.ndarray, ps: np.ndarray
                       ) -> tuple[np.ndarray, float] | None:
        """Which of `reads` (read as `pr` and `ps`) are sure, and the table's framing width:
        the median width they were framed at (one deck, one camera: about one index size);
        None with fewer than `TABLE_SCALE_WITNESSES` sure readings."""
        witnesses = np.flatnonzero(self._sure(reads, pr, ps))
        if len(witnesses) < TABLE_SCALE_WITNESSES:
            return None
        return witnesses, float(np.median([reads[i][1].width for i in witnesses]))

    def _read_if(self, looks: list[_Read], sure: float
                 ) -> tuple[list[_Read], np.ndarray, np.ndarray]:
        """Those of `looks` read at least `sure`, with their rank and suit probabilities."""
        return _sure_only(looks, *self._probabilities([found for *_, found in looks]), sure)

    def _look_again(self, frame: np.ndarray, seen: list[_Seen], framings: list[Corner],
                    pr: np.ndarray, ps: np.ndarray, faces: Sequence[_Face] = ()) -> None:
        """Read each unsure reading again with a firmer line for ink (`index.FIRM_INK`), and
        keep the second look where it is undoubted (`FIRM_SURE`): the soft shadow of a card
        lying on top, run into a glyph, passes the first line and not the second. Readings
        the rank network doubts are an index at all get the second look too, but for those
        it rules out (`NOT_INDEX`: pips and art): a 10 whose 0 the shadow joins reads as no
        index more often than as an unsure 10 (seeds 1, 3 and 5 of the benchmark: 56 more
        cards, one fewer misread, for a twelfth more patches read; looking again at the
        ruled-out too, 6 more cards for 7% more patches). A reading framed again from its
        rank glyph (`index.reframe`) that the second look leaves unsure is looked at once
        more through its own hypothesis at the firmer line: the shadow that joined the glyph
        at the first line made it too big, and the framing built on it too wide (a fanned 7
        of clubs framed 138 pixels wide for its 108 reads 0.96 there, 1.000 at its own
        corner; four seeds: 21 more cards, one more misread). Readings on the `faces` of cards
        read at both their indexes (`_faces`) are not looked at again. Updates `seen`, `pr` and
        `ps` in place."""
        ranks, suits, confidence = best_answers(pr, ps)
        doubtful = np.flatnonzero((confidence < self._needed(seen, ranks * NONE_SUIT + suits,
                                                              confidence, _same_index(seen)))
                                  & (pr[:, NONE_RANK] < NOT_INDEX)
                                  & _off(faces, [s.glyph for s in seen])).tolist()
        again = [(i, framings[i], read_glyphs(corner_patch(frame, framings[i]), FIRM_INK))
                 for i in doubtful]
        kept = self._keep_undoubted(seen, pr, ps, [(i, framed, found) for i, framed, found
                                                   in again if found is not None])
        self._firm_first_looks(frame, seen, [i for i in doubtful if i not in kept
                                             and framings[i].width != seen[i].corner.width],
                               pr, ps)

    def _settled_by_pips(self, frame: np.ndarray, seen: list[_Seen], framings: list[Corner],
                         pr: np.ndarray, ps: np.ndarray) -> None:
        """Each unsure reading of a number card or an ace (and a lone card's short of
        `LONE_PIPS_UNDER`), its rank read at the threshold and its suit's shape in doubt between
        the two suits of its colour (`SHAPE_DOUBT`), settled by the pips beside its index
        (`pips.pip_glyphs`, through the framing it was read through): where the suit network reads
        one of them undoubted (`FIRM_SURE`) as one of those two suits, the reading's suit
        probabilities are weighed by that pip's. An index suit a few pixels high, blurred, reads
        half spade and half club (an anglo_poker 5 of spades in a row, 0.73 a spade); its pips,
        twice its size, do not. Not where another card's edge cut into the glyphs
        (`IndexGlyphs.cut`): in a fan the next card lies where the pips would be (an anglo_poker
        ten of spades so read as the ten of clubs), nor on a court card, whose art is no pip (read
        so, a plastic row where the king of clubs lay named the king of spades), nor through a
        mirrored framing (`Corner.mirrored`). Six seeds of the benchmark: 27 more cards, none lost,
        and 5 fewer misreads (two scattered 6s of spades read as the 6 of clubs among them).
        Updates `ps` in place."""
        ranks, _, confidence = best_answers(pr, ps)
        doubted, two = self._suits_in_doubt(seen, ranks, pr, ps)
        lone = np.array([s.corner.lone is not None for s in seen], bool)
        asked = (confidence < self.threshold) | (lone & (confidence < LONE_PIPS_UNDER))
        for i in np.flatnonzero(doubted & asked & (ranks <= PIPPED)).tolist():
            if framings[i].mirrored:
                continue
            glyphs = pip_glyphs(frame, framings[i])
            if not len(glyphs):
                continue
            _weighed_by_pips(ps, i, self.model.suit.probabilities(glyphs), two[i])

    def _settled_by_frame_pips(self, frame: np.ndarray, reads: list[_Read], pr: np.ndarray,
                               ps: np.ndarray) -> None:
        """Each reading of a court card short of `FRAME_PIPS_UNDER`, its rank read at the threshold,
        settled by the suit printed big beside its index (`pips.frame_pip_glyphs`, through the
        framing it was read through): where the suit network reads one of those shapes undoubted
        (`FIRM_SURE`) as one of the reading's two likeliest suits, the reading's suit probabilities
        are weighed by it (any suit: an anglo king of hearts half under the next card, read a heart
        or a diamond, was named the king of clubs by that card's club beside his index). Bellot
        prints a king's small index suit on the tip of his sceptre, and the two read together as no
        index; the spade beside the K, twice its size, reads a spade beyond doubt. Not where another
        card's edge cut into the rank (`IndexGlyphs.rank_cut`): what shows of a fan's 9 can read as
        a queen beyond doubt, and the pips of the next card, lying where a frame pip would, named
        her suit (two on the benchmark's six seeds); where the edge cut only the suit, the rank is
        whole, and a row's kings read so. Nor through a mirrored framing (`Corner.mirrored`). Seats'
        readings are settled so before they stand or not (`_seated`). Six seeds of the benchmark
        (`--no-learn`): 11 more cards (7 bellot kings of spades), one lost, none misread. Updates
        `ps` in place."""
        ranks, _, confidence = best_answers(pr, ps)
        rows = np.arange(len(pr))
        asked = ((confidence < max(self.threshold, FRAME_PIPS_UNDER)) & (ranks > PIPPED)
                 & (pr[rows, ranks] >= self.threshold))
        for i in np.flatnonzero(asked).tolist():
            _, framed, found = reads[i]
            if found.rank_cut or framed.mirrored:
                continue
            glyphs = frame_pip_glyphs(frame, framed)
            if not len(glyphs):
                continue
            _weighed_by_pips(ps, i, self.model.suit.probabilities(glyphs),
                             np.argsort(ps[i, :NONE_SUIT])[-2:])

    def _suits_in_doubt(self, seen: list[_Seen], ranks: np.ndarray, pr: np.ndarray,
                        ps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Which readings have their rank (`ranks`, from `best_answers`) read at the threshold
        and their suit's shape in doubt between the two suits of its colour (`SHAPE_DOUBT`),
        no card's edge cutting their glyphs; and per reading its two likeliest suits, the
        likelier last."""
        rows = np.arange(len(pr))
        two = np.argsort(ps[:, :NONE_SUIT], axis=1)[:, -2:]
        doubted = (~np.array([s.cut for s in seen], bool) & (pr[rows, ranks] >= self.threshold)
                   & (ps[rows[:, None], two].sum(axis=1) >= SHAPE_DOUBT)
                   & (_SUIT_IS_RED[two[:, 0]] == _SUIT_IS_RED[two[:, 1]]))
        return doubted, two

    def _settled_by_the_deck(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray) -> None:
        """Each reading whose suit's shape is in doubt between the two suits of its colour
        (`_suits_in_doubt`), short of undisputed (`UNDISPUTED`), settled by the suits the
        frame's sure readings show elsewhere: one deck prints each suit alike, however unlike
        other decks' (plastic's clubs, each with a stem slanting off its lower lobe, read 0.6
        to 0.8 a club, and their pips as spades). Suit glyphs are compared by the angle
        between their embeddings in the suit network (`GlyphNet.embed`, `_cosine_distances`),
        which a deck's tuned network keeps in scale; a reading's own glyph, read through other
        framings, is none of its witnesses. Where sure readings show both suits, the one whose
        nearest glyph lies `DECK_NEARER` times as near as the other's is kept (a sure
        reading's suit gives way only at `DECK_OVERRULES`) and the other ruled out; where they
        show one of the two, in glyphs apart (two cards, or a card's two indexes), it is ruled
        out of an unsure reading where its nearest glyph lies `DECK_APART` or further (one
        sure king of spades, read twice at one glyph, lay 0.28 from an anglo five of spades
        whose spade the next card of a fan hid in part). Not where another card's edge cut a
        suit, among either. Six seeds of the benchmark: 88 more cards (plastic's clubs, 65 of
        them; 50 on scattered tables, 36 in rows), none lost, and 4 fewer misreads (a bellot 4
        and an anglo_modern jack of spades read surely as clubs among them). Only the readings
        some witness can settle are embedded, with the witnesses they call (0.4 ms a scattered
        table; with a sure reading's suit short of beyond doubt, 0.999, two cards more for 0.7
        ms). Updates `ps` in place."""
        ranks, suits, confidence = best_answers(pr, ps)
        doubted, two = self._suits_in_doubt(seen, ranks, pr, ps)
        whole = np.array([not s.cut and s.suit is not None for s in seen], bool)
        sure = confidence >= self.threshold
        settling = np.flatnonzero(doubted & whole
                                  & (ps[np.arange(len(ps)), two[:, 1]] < UNDISPUTED))
        witnesses = np.flatnonzero(sure & whole)
        glyphs = np.array([s.glyph for s in seen]).reshape(-1, 2)
        elsewhere = (np.linalg.norm(glyphs[settling, None] - glyphs[None, witnesses], axis=2)
                     > np.array([seen[i].glyph_height for i in settling])[:, None])
        # per reading settled, per witness, whether it shows each of the reading's two suits
        shows = elsewhere[:, :, None] & (suits[witnesses][None, :, None]
                                         == two[settling][:, None, :])
        suits_shown = shows.any(axis=1).sum(axis=1)
        heard = np.where(sure[settling], suits_shown == 2, suits_shown >= 1)
        settling, shows = settling[heard], shows[heard]
        called = shows.any(axis=(0, 2))  # the witnesses any reading calls
        if not called.any():
            return
        witnesses, shows = witnesses[called], shows[:, called]
        embedded = self.model.suit.embed(np.stack([seen[i].suit
                                                   for i in [*settling, *witnesses]]))
        distances = _cosine_distances(embedded[:len(settling)], embedded[len(settling):])
        for k, i in enumerate(settling.tolist()):
            suit_of = two[i].tolist()
            shown = [n for n in range(2) if shows[k, :, n].any()]
            nearest = {suit_of[n]: float(distances[k, shows[k, :, n]].min()) for n in shown}
            apart = {suit_of[n]: _apart(seen, witnesses[shows[k, :, n]]) for n in shown}
            out = _ruled_out(nearest, suit_of, apart,
                             DECK_OVERRULES if sure[i] else DECK_NEARER)
            if out is not None:
                ps[i, out] = 0.0
                ps[i] /= ps[i].sum()

    def _read_at_both_ends(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray,
                           same_index: np.ndarray) -> None:
        """Each unsure reading of a card whose other index corner is read as the same card,
        unsurely too, both from `BOTH_ENDS`, read with that reading: their rank's
        probabilities multiplied, and their suit's. The two are two prints of the card,
        framed and read apart (a plastic ace of clubs in a fan, read 0.897 and 0.83 a club
        at its two corners, is read 0.977 at both). Six seeds of the benchmark (`--no-learn`): 4
        more cards, all plastic's clubs, none lost or misread. Updates `pr` and `ps` in
        place."""
        answer = self._sure_cards(seen, pr, ps, same_index)
        ranks, suits, confidence = best_answers(pr, ps)
        card = ranks * NONE_SUIT + suits
        firm = (answer < 0) & (confidence >= BOTH_ENDS)  # unsure, but leaning one way
        alike = ~same_index & (card[:, None] == card[None, :]) & firm[:, None] & firm
        if not alike.any():
            return
        ends = _same_card(seen, answer, same_index, confidence >= UNDISPUTED) & alike
        alone_pr, alone_ps = pr.copy(), ps.copy()
        for i in np.flatnonzero(ends.any(axis=1)).tolist():
            other = int(np.flatnonzero(ends[i])[np.argmax(confidence[ends[i]])])
            pr[i] = alone_pr[i] * alone_pr[other]
            ps[i] = alone_ps[i] * alone_ps[other]
            pr[i] /= pr[i].sum()
            ps[i] /= ps[i].sum()

    def _firm_first_looks(self, frame: np.ndarray, seen: list[_Seen], reframed: list[int],
                          pr: np.ndarray, ps: np.ndarray) -> None:
        """The `reframed` readings (framed otherwise than their hypothesis: again from their
        rank glyph, or stepped back; and unsure at the firmer line there too) looked at through
        their own hypothesis at the firmer line, kept where undoubted (`_look_again`)."""
        self._keep_undoubted(seen, pr, ps, [(i, *look) for i in reframed
                                            if (look := first_look(frame, seen[i].corner,
                                                                   FIRM_INK)) is not None])

    def _keep_undoubted(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray,
                        looks: list[tuple[int, Corner, IndexGlyphs]]) -> set[int]:
        """Each look (a reading's number, the framing and the glyphs it found there) that is
        undoubted (`FIRM_SURE`) replaces that reading in `seen`, `pr` and `ps`; which did."""
        if not looks:
            return set()
        pr2, ps2 = self._probabilities([found for *_, found in looks])
        _, _, confidence = best_answers(pr2, ps2)
        kept: set[int] = set()
        for k, (i, framed, found) in enumerate(looks):
            if confidence[k] >= max(self.threshold, FIRM_SURE):
                pr[i], ps[i] = pr2[k], ps2[k]
                seen[i] = _Seen(seen[i].corner, *rank_glyph(framed, found), found.cut,
                                found.suit)
                kept.add(i)
        return kept

    def _probabilities(self, glyphs: list[IndexGlyphs]) -> tuple[np.ndarray, np.ndarray]:
        """Rank and suit class probabilities per reading. Where the rank network rules out an
        index, no suit makes the reading a card or an unknown card: the suit network reads
        only the rest (most patches are pips and art); where another card's edge cut into a
        reading, its suit is what the suit network and `Model.cut_suit` agree on (`agreed`),
        and where the edge cut into its rank, so is its rank (`Model.cut_rank`). With a
        `second_opinion`, a reading these networks leave unsure is as its networks read it,
        where they read it from `SECOND_OPINION_SURE`."""
        pr, ps = self._read_by(self.model, glyphs)
        if self.second_opinion is None or not glyphs:
            return pr, ps
        unsure = np.flatnonzero(best_answers(pr, ps)[2] < self.threshold)
        if not len(unsure):
            return pr, ps
        again_pr, again_ps = self._read_by(self.second_opinion, [glyphs[i] for i in unsure])
        taken = best_answers(again_pr, again_ps)[2] >= SECOND_OPINION_SURE
        pr[unsure[taken]], ps[unsure[taken]] = again_pr[taken], again_ps[taken]
        return pr, ps

    def _read_by(self, model: Model, glyphs: list[IndexGlyphs]
                 ) -> tuple[np.ndarray, np.ndarray]:
        """`_probabilities` as `model`'s networks read the glyphs."""
        if not glyphs:
            return np.zeros((0, NONE_RANK + 1)), np.zeros((0, NONE_SUIT + 1))
        features = model.rank.conv_features(np.stack([g.rank for g in glyphs]))
        pr = _pooled_where_cut(model.rank.probabilities_of(features), features,
                               np.array([g.rank_cut for g in glyphs]), model.cut_rank)
        pr = self._condensed_read_wide(glyphs, pr, model)
        ps = np.zeros((len(glyphs), NONE_SUIT + 1))
        ps[:, NONE_SUIT] = 1.0
        rest = np.flatnonzero(self._may_be_index(pr))
        if len(rest):
            features = model.suit.conv_features(np.stack([glyphs[i].suit for i in rest]))
            shapes = _pooled_where_cut(model.suit.probabilities_of(features), features,
                                       np.array([glyphs[i].cut for i in rest]),
                                       model.cut_suit)
            ps[rest] = combine_colour(shapes, np.array([glyphs[i].redness for i in rest]))
        return pr, ps

    def _condensed_read_wide(self, glyphs: list[IndexGlyphs], pr: np.ndarray, model: Model
                             ) -> np.ndarray:
        """`pr` (as `model`'s rank network read them) with each unsure rank glyph printed
        condensed (`CONDENSED`, down to `STROKE`) read again widened by WIDENED, where that
        reading is sure (`CONDENSED_SURE`). A ten so read must be two shapes side by side
        (`IndexGlyphs.side_by_side`): one shape widened into a ten was an 8 with its card's
        edge run into it, or a 4 under a bar. Not where another card's edge cut the rank (its
        cut head reads it), nor where the rank network rules out an index beyond NOT_INDEX
        (pips and art). Six seeds of the benchmark: 94 more cards (45 anglo_modern 4s, 34
        bellot 10s) and 2 more misreads (three more, two of them spades the suit network reads
        as clubs once their rank reads, and one fewer)."""
        boxes = np.array([g.rank_box for g in glyphs]).reshape(-1, 4)
        width, height = boxes[:, 2], boxes[:, 3]
        condensed = ((pr[:, :NONE_RANK].max(axis=1) < self.threshold)
                     & (pr[:, NONE_RANK] <= NOT_INDEX)
                     & (width < CONDENSED * height) & (width >= STROKE * height)
                     & ~np.array([g.rank_cut for g in glyphs], bool))
        picked = np.flatnonzero(condensed)
        if not len(picked):
            return pr
        wide = model.rank.probabilities(
            np.stack([widened(glyphs[i].rank, WIDENED) for i in picked]))
        rank = wide[:, :NONE_RANK].argmax(axis=1)
        two_shapes = np.array([glyphs[i].side_by_side for i in picked], bool)
        sure = ((wide[:, :NONE_RANK].max(axis=1) >= CONDENSED_SURE)
                & ((rank != TEN) | two_shapes))
        pr = pr.copy()
        pr[picked[sure]] = wide[sure]
        return pr

    def _may_be_index(self, pr: np.ndarray) -> np.ndarray:
        """Per reading, whether the rank network leaves it open that this is an index."""
        return np.asarray(pr[:, NONE_RANK] <= 1 - min(self.threshold, INDEX_LIKE))

    def _needed(self, seen: list[_Seen], answer: np.ndarray, confidence: np.ndarray,
                same_index: np.ndarray) -> np.ndarray:
        """Per reading (its card, rank * NONE_SUIT + suit, and confidence; `same_index`, which
        pairs of readings found the same rank glyph, `_same_index`), the confidence
        that makes it sure: the threshold, or FIRM_SURE where another card's edge cut into its
        glyphs (in a fan, the half of a 10 or of a heart that shows is read as a whole other
        card with some confidence, seldom beyond doubt), unless another reading of the same
        rank glyph, through another framing, names the same card at the threshold, or at
        CUT_BACKING through a framing turned SEATS_APART or more from its own: two framings of
        a cut index seldom agree on a wrong card. Four seeds of the benchmark: 9 more cards and
        one fewer misread, nearly all in fans; the turned framings' backing, 17 more (an
        anglo fan's 10 of hearts, read at 0.943 and at 0.677 through framings turned 17
        degrees apart)."""
        turned = _two_looks(np.array([s.corner.u for s in seen]).reshape(-1, 2))
        backed = (same_index & (answer[:, None] == answer[None, :])
                  & ((confidence >= self.threshold)[None, :]
                     | ((confidence >= CUT_BACKING)[None, :] & turned)))
        np.fill_diagonal(backed, False)
        cut = np.array([s.cut for s in seen], bool)
        return self._needed_where(cut & ~backed.any(axis=1))

    def _needed_where(self, cut: np.ndarray) -> np.ndarray:
        """`_needed`, for readings of which `cut` says whether another card's edge cut in and
        no other framing backs them."""
        return np.where(cut, max(self.threshold, FIRM_SURE), self.threshold)

    @property
    def _width_per_glyph(self) -> float:
        """A card's width in its rank glyph's heights: the learned deck's, else the common
        index's (`glyphs.RANK_HEIGHT`)."""
        return self.model.width_per_glyph or 1 / RANK_HEIGHT

    def _sure_cards(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray,
                    same_index: np.ndarray) -> np.ndarray:
        """Per reading, its card (rank * NONE_SUIT + suit) where it is sure, else -1
        (`same_index`: which pairs of readings found the same rank glyph, `_same_index`)."""
        ranks, suits, confidence = best_answers(pr, ps)
        answer = ranks * NONE_SUIT + suits
        return np.where(confidence >= self._needed(seen, answer, confidence, same_index),
                        answer, -1)

    def _not_named_beside(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray,
                          same_index: np.ndarray) -> None:
        """Rule out of each unsure reading the cards that sure readings of the cards beside it
        name (their rank glyphs within `NAMED_BESIDE` card widths of its own, and no reading
        of its card by `_same_card`), where those cards hold `NAMED_CONTENDER` of it: one
        deck holds one of each card, so a fanned 9 read 0.82 a spade and 0.16 a club, beside
        a sure 9 of clubs, is the 9 of spades. A card named so that shares the reading's rank
        takes its suit out of the suit's probabilities, one that shares its suit its rank out
        of the rank's. Only beside: a card's other index lies a card's length off, and where
        a fan hid the corner between them, a sure ace of clubs and its other index, read 0.6
        a spade, were not one card to `_same_card`, and the ace of spades was read there. Six
        seeds of the benchmark (`--no-learn`): 7 more cards, none lost or misread. Updates `pr`
        and `ps` in place."""
        answer = self._sure_cards(seen, pr, ps, same_index)
        ranks, suits, confidence = best_answers(pr, ps)
        glyphs = np.array([s.glyph for s in seen]).reshape(-1, 2)
        widths = self._width_per_glyph * np.array([s.glyph_height for s in seen])
        sure = answer >= 0
        unsure = np.flatnonzero(~sure & (pr.argmax(axis=1) != NONE_RANK))
        near = (np.linalg.norm(glyphs[unsure, None] - glyphs[None], axis=2)
                < NAMED_BESIDE * widths[unsure, None])
        sure_rank, sure_suit = np.divmod(answer[sure], NONE_SUIT)
        # those beside a sure reading of another card of their rank or suit (most have none)
        changing = (near[:, sure] & ((sure_rank == ranks[unsure, None])
                                     != (sure_suit == suits[unsure, None]))).any(axis=1)
        if not changing.any():
            return
        same = _same_card(seen, answer, same_index, confidence >= UNDISPUTED)
        for i, beside in zip(unsure[changing].tolist(), near[changing], strict=True):
            named = np.unique(answer[beside & sure & ~same[i]])
            if ranks[i] * NONE_SUIT + suits[i] in named:
                continue  # it reads a card named beside it: one of the two is misread
            rank_of, suit_of = np.divmod(named, NONE_SUIT)
            other_suits = suit_of[rank_of == ranks[i]]
            other_ranks = rank_of[suit_of == suits[i]]
            if ps[i, other_suits].sum() + pr[i, other_ranks].sum() < NAMED_CONTENDER:
                continue
            ps[i, other_suits] = 0.0
            pr[i, other_ranks] = 0.0
            ps[i] /= ps[i].sum()
            pr[i] /= pr[i].sum()

    def _ballot(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray) -> _Ballot:
        """How the readings (`seen`, read as `pr` and `ps`) vote on the cards (`_choose`)."""
        ranks, suits, confidence = best_answers(pr, ps)
        answer = ranks * NONE_SUIT + suits
        same_index = _same_index(seen)
        sure = confidence >= self._needed(seen, answer, confidence, same_index)
        undoubted = confidence >= UNDISPUTED
        same = _same_card(seen, np.where(sure, answer, -1), same_index, undoubted)
        u = np.array([s.corner.u for s in seen])
        turn = u @ u.T  # cosines of the angles between readings' framings
        # an undoubted reading hears no askew opposite corner; two of them are two cards
        unheard = _askew(turn, same_index) & undoubted[:, None]
        # nor does a framing turned away from a surer one of the same glyph dispute it
        unheard_vote = unheard | (_turned_apart(turn, same_index)
                                  & (confidence[:, None] > confidence[None, :]))
        weight = np.where(sure, confidence, 0.0)
        support, against = _votes(same & ~unheard_vote, answer, weight)
        # a reading beyond doubt is outvoted only by undoubted ones
        _, against_undoubted = _votes(same & ~unheard_vote, answer,
                                      np.where(undoubted, weight, 0.0))
        against = np.where(confidence >= BEYOND_DOUBT, against_undoubted, against)
        same &= ~(unheard & undoubted[None, :])
        return _Ballot(answer, same_index, sure, same, support < OUTVOTE * against)

    def _disputes_read_turned(self, frame: np.ndarray, seen: list[_Seen],
                              framings: list[Corner], pr: np.ndarray, ps: np.ndarray
                              ) -> tuple[list[_Seen], np.ndarray, np.ndarray]:
        """`seen` (read as `pr` and `ps`, through `framings`), with each disputed reading read
        again through its framing turned by each of `DISPUTE_TURNS` about its rank glyph, the
        turned looks read from `TURNED_LOOK_SURE` added as readings of its card. Only sure
        readings of a card none of whose readings stands (`_choose` would leave it unknown),
        disputed by a sure reading of the same rank glyph (two framings of one index) or of the
        same lone card's other index corner: opposite corners are linked loosely, and a
        four-index deck's turned indexes (dondorf's) linked a card's to another's. Framed as
        wide as a big index is framed, a bellot 8 of diamonds in a row took in the next card's
        edge and read as a 10 of diamonds at 0.998, while another framing read it an 8 at
        0.991; turned, it reads an 8. Six seeds of the benchmark (`--no-learn`): 14 more cards,
        none fewer, misreads alike (where a card's reading stood already, the turned looks of
        the readings it outvoted repeated their misreading and undid the vote: 4 lost); seeds 6
        and 8, 4 more cards; learned decks (seeds 1, 3 and 5), 5 more."""
        ballot = self._ballot(seen, pr, ps)
        lone = np.array([-1 if s.corner.lone is None else s.corner.lone for s in seen])
        one_index_or_card = ballot.same_index | ((lone[:, None] == lone[None, :])
                                                 & (lone[:, None] >= 0))
        disputed_so = (one_index_or_card & ballot.same & ballot.sure[None, :]
                       & (ballot.answer[:, None] != ballot.answer[None, :])).any(axis=1)
        standing = ballot.sure & ~ballot.disputed
        none_stands = ~(ballot.same & standing[None, :]).any(axis=1)
        looks = [look for i in np.flatnonzero(ballot.sure & ballot.disputed & disputed_so
                                              & none_stands).tolist()
                 for look in _turned_looks(frame, seen[i].corner, framings[i], seen[i].glyph)]
        if not looks:
            return seen, pr, ps
        looks, turned_pr, turned_ps = self._read_if(looks, max(self.threshold, TURNED_LOOK_SURE))
        return (seen + [_seen_of(look) for look in looks], np.concatenate([pr, turned_pr]),
                np.concatenate([ps, turned_ps]))

    def _choose(self, seen: list[_Seen], pr: np.ndarray, ps: np.ndarray) -> list[Detection]:
        ranks, suits, confidence = best_answers(pr, ps)
        index_like = (1 - pr[:, NONE_RANK]) * (1 - ps[:, NONE_SUIT])
        answer, same_index, sure, same, disputed = self._ballot(seen, pr, ps)
        accepted: list[int] = []
        cards: list[Card | None] = []
        taken: set[Card] = set()
        for i in np.argsort(-confidence):
            if same[i, accepted].any():
                continue  # this card is read already
            if sure[i] and disputed[i]:  # its readings disagree too much: say so, guess none
                card = None
            elif sure[i]:
                card = Card.of(int(ranks[i]) + 1, int(suits[i]))
                if card in taken:
                    continue
                taken.add(card)
            elif index_like[i] >= INDEX_LIKE:
                card = None
            else:
                continue
            accepted.append(int(i))
            cards.append(card)
        # one card's two ends (opposite corners, not one index read twice), read alike
        ends = same & ~same_index & (answer[:, None] == answer[None, :])
        corners = _sized([seen[i] for i in accepted], [card is not None for card in cards],
                         self._width_per_glyph,
                         _index_spans(seen, ends & sure[:, None] & sure[None, :]))
        return [Detection(card, float(confidence[i]), corner.quad(), corner.point)
                for i, card, corner in zip(accepted, cards, corners, strict=True)]


_Arc = tuple[np.ndarray, float]
"""A fan's arc: its pivot, and the angle by which each card faces off the radius through its
rank glyph (`_fan_arc`)."""


def _facing_alike(facing: np.ndarray, one: int, degrees: float) -> np.ndarray:
    """Which sure readings (facing along `facing`, their framings' u) face within `degrees` of
    the reading `one`: the cards of its fan (`FAN_ALIKE`) or of its row (`ROW_ALIKE`)."""
    return np.flatnonzero(facing @ facing[one] >= np.cos(np.radians(degrees)))


def _fan_arc(glyphs: np.ndarray, framings: list[Corner], nearest: int) -> _Arc | None:
    """The arc of the fan the sure reading `nearest` lies in: a fan's cards turn about one
    pivot, so their rank glyphs lie on an arc round it and each card faces as the radius
    through its glyph, turned by one angle. The arc is the circle fitted through the rank
    glyphs (`glyphs`) of the sure readings (`framings`) facing within `FAN_ALIKE` of the
    nearest, and the angle is the median of theirs; None where one faces more than `FAN_FIT`
    off the arc. Of two such readings, the arc through them (`_arc_through_two`); of one,
    None."""
    facing = np.array([f.u for f in framings])
    alike = _facing_alike(facing, nearest, FAN_ALIKE)
    if len(alike) == 2:
        return _arc_through_two(glyphs[alike], facing[alike], framings[alike[0]].v)
    if len(alike) < 3:
        return None
    points = glyphs[alike]
    # the circle x^2 + y^2 + d x + e y + f = 0 nearest them all, by least squares
    (d, e, f), *_ = np.linalg.lstsq(np.column_stack([points, np.ones(len(points))]),
                                    -(points ** 2).sum(axis=1), rcond=None)
    pivot = -np.array([d, e]) / 2
    if not float(pivot @ pivot - f) >= 1e-6:  # no circle (or NaN)
        return None
    offsets = _wrapped(_bearings(facing[alike]) - _bearings(points - pivot))
    # their median, taken round the one nearest their plain median, so that angles either
    # side of half a turn are not split
    middle = offsets[np.argmin(np.abs(offsets - np.median(offsets)))]
    offset = middle + float(np.median(_wrapped(offsets - middle)))
    if np.degrees(np.abs(_wrapped(offsets - offset))).max() > FAN_FIT:
        return None
    return pivot, offset


def _arc_through_two(glyphs: np.ndarray, facing: np.ndarray, down: np.ndarray) -> _Arc | None:
    """The arc of a fan whose only two sure readings have their rank glyphs at `glyphs` and
    face along `facing` (their framings' u; `down`, the first one's v): both glyphs lie one
    radius from the pivot, and the angle the chord between them makes there is the angle
    between their facings, so the pivot lies on the chord's perpendicular bisector, half the
    chord over the tangent of half that angle from its middle. None where they face alike
    within `ARC_FROM_TWO`, or where that pivot lies above the glyphs (up their cards): a fan
    turns about a point below its indexes. In a fan only two of whose cards read surely at
    first (a plastic fan, seed 5's third table), the other glyphs were seated turned as the
    nearer of the two, a fan's step or more off their own cards. Six seeds of the benchmark
    (`--no-learn`): 5 more cards, all in fans, none lost or misread; beside the later
    seatings (`SEATINGS`), 7 more and 1 lost."""
    first, second = _bearings(facing)
    turned = float(_wrapped(first - second))
    half_chord = float(np.linalg.norm(glyphs[0] - glyphs[1])) / 2
    if abs(np.degrees(turned)) < ARC_FROM_TWO or half_chord == 0:
        return None
    along = (glyphs[0] - glyphs[1]) / (2 * half_chord)
    pivot = glyphs.mean(axis=0) + np.array([-along[1], along[0]]) * half_chord / np.tan(turned / 2)
    if float((pivot - glyphs[0]) @ down) <= 0:
        return None
    return pivot, float(_wrapped(first - _bearings(glyphs[0] - pivot)))


def _agreeing(reads: list[_Read], pr: np.ndarray, ps: np.ndarray, sure: float,
              alike_sure: float) -> np.ndarray:
    """Per seat's reading (`reads`, read as `pr` and `ps`), whether it is read at least `sure`
    and another such names the same card from the same rank glyph through a framing turned
    `SEATS_APART` or more from its own, or turned alike with both read at least `alike_sure`:
    two looks seldom agree on a wrong card. In a fan, a card's glyph and its gap on the arc
    are seated on turned apart, and may name it short of `SEATED_SURE` (an anglo 7 of
    hearts: at 0.96 to 0.9955, turned 11 degrees apart)."""
    if not reads:
        return np.zeros(0, bool)
    ranks, suits, confidence = best_answers(pr, ps)
    answer = ranks * NONE_SUIT + suits
    seen = [_seen_of(read) for read in reads]
    sure_ones, firm = confidence >= sure, confidence >= alike_sure
    backs = (_same_index(seen) & (answer[:, None] == answer[None, :])
             & sure_ones[:, None] & sure_ones[None, :]
             & (_two_looks(np.array([framed.u for _, framed, _ in reads]))
                | (firm[:, None] & firm[None, :])))
    np.fill_diagonal(backs, False)
    return np.asarray(backs.any(axis=1))


def _contradicted(seen: list[_Seen], pr: np.ndarray, ps: np.ndarray) -> np.ndarray:
    """Per seat's reading (`seen`, read as `pr` and `ps`), whether another seat's reading of
    the same rank glyph names another card beyond doubt (`SEATED_SURE`)."""
    if not seen:
        return np.zeros(0, bool)
    ranks, suits, confidence = best_answers(pr, ps)
    return _read_otherwise(seen, ranks * NONE_SUIT + suits, confidence >= SEATED_SURE)


def _rank_contested(seen: list[_Seen], pr: np.ndarray, ps: np.ndarray) -> np.ndarray:
    """Per seat's reading (`seen`, read as `pr` and `ps`), whether it is short of `SEATED_SURE`,
    a card's edge cut into its glyphs (`IndexGlyphs.cut`), and another seat's reading of the
    same rank glyph reads its rank as another from `UNDISPUTED`: a cut rank is a piece of its
    glyph, and a framing that shows the whole of it knows better (a learned bellot queen of
    spades under the next card of a fan, seated on as the king at 0.998 where other seats read
    her Q from 0.9975; seed 8's ninth anglo table, two cut seats backed as the king of clubs at
    0.98, where an uncut one reads the 10 of clubs' rank 0.999, made an unknown of it)."""
    if not seen:
        return np.zeros(0, bool)
    ranks = pr.argmax(axis=1)
    rank_sure = (pr.max(axis=1) >= UNDISPUTED) & (ranks != NONE_RANK)
    _, _, confidence = best_answers(pr, ps)
    cut = np.array([s.cut for s in seen], bool)
    return np.asarray(cut & (confidence < SEATED_SURE) & _read_otherwise(seen, ranks, rank_sure))


def _read_otherwise(seen: list[_Seen], labels: np.ndarray, sure: np.ndarray) -> np.ndarray:
    """Per reading (`seen`, each labelled by `labels`: its card, or its rank), whether another
    reading of the same rank glyph that is `sure` labels it otherwise."""
    others = _same_index(seen) & (labels[:, None] != labels[None, :]) & sure[None, :]
    return np.asarray(others.any(axis=1))


def _two_looks(u: np.ndarray) -> np.ndarray:
    """Which pairs of framings (their u, n x 2) face `SEATS_APART` or more apart: two looks at
    a glyph, where framings turned alike are one look twice."""
    return np.asarray(u @ u.T <= np.cos(np.radians(SEATS_APART)))


def _backed(backs: np.ndarray) -> int:
    """The one card these readings back (`backs`: each one's card where it is read at
    `SEAT_BACKING` or more, else -1); -1 where they back none, or more than one."""
    cards = set(backs[backs >= 0].tolist())
    return cards.pop() if len(cards) == 1 else -1


def _fan_gaps(glyphs: np.ndarray, framings: list[Corner], arcs: dict[int, _Arc | None],
              height: float) -> list[tuple[np.ndarray, float, Corner]]:
    """Where the rank glyphs of a fan's unread cards lie, from its sure readings' (their rank
    glyphs' centres `glyphs`, framed as `framings`; `arcs`, the fans' arcs `_seated` fitted,
    by their nearest sure reading; `height`, the frame's usual rank glyph height): a fan's
    cards turn about one pivot by about one step each (`_fan_arc`), so a gap of n steps between
    two read cards' glyphs on the arc holds n - 1 cards, and one more may lie a step beyond
    either end. A card is lost there when no corner guess faces it within a few degrees (a
    pair of glyphs paired the wrong way, a rank run into the next card's edge): a neoclassical
    10 of spades in a fan, whose nearest corner guess lay a fifth of a card off, read 0.9999
    seated in its gap. Four seeds of the benchmark (`--no-learn`): 35 more cards (32 in fans,
    3 in rows), none lost or misread. Each as (centre, height, framing turned as its card
    would face on the arc), to seat on as `_seated` seats on glyphs (a row's, `_row_gaps`). Only
    the arcs `_seated` fitted already are searched: fitting one for every group of sure
    readings cost 1 ms a scattered frame, for 3 more cards."""
    facing = np.array([f.u for f in framings])
    gaps: list[tuple[np.ndarray, float, Corner]] = []
    fans: set[tuple[int, ...]] = set()
    for nearest, arc in arcs.items():
        if arc is None:
            continue
        members = _facing_alike(facing, nearest, FAN_ALIKE)
        if tuple(members.tolist()) in fans:
            continue
        fans.add(tuple(members.tolist()))
        gaps += _gaps_on_arc(glyphs[members], [framings[i] for i in members], arc, height)
    return gaps


def _row_gaps(glyphs: np.ndarray, framings: list[Corner], height: float
              ) -> list[tuple[np.ndarray, float, Corner]]:
    """Where the rank glyphs of a row's unread cards lie, from its sure readings' (their rank
    glyphs' centres `glyphs`, framed as `framings`; `height`, the frame's usual rank glyph
    height), as `_fan_gaps` finds them on a fan's arc: a row's cards lie parallel, a step apart
    along a line. The arc fitted through three glyphs of a row is a tight circle through
    their jitter, and turns its cards 25 to 30 degrees askew (a bellot row, whose 8 of
    diamonds lies a step beyond the three cards read). Each sure reading's row is the sure
    readings facing within `ROW_ALIKE` of it. Four seeds of the benchmark (`--no-learn`): 23
    more cards, all in rows, none lost or misread (rows' lost cards are mostly one between
    two read ones). Each as (centre, height, the framing of the sure reading nearest it)."""
    facing = np.array([f.u for f in framings])
    rows = {tuple(_facing_alike(facing, one, ROW_ALIKE).tolist()) for one in range(len(facing))}
    return [gap for row in sorted(rows)
            for gap in _gaps_in_row(glyphs[list(row)], [framings[i] for i in row], height)]


def _gaps_in_row(glyphs: np.ndarray, framings: list[Corner], height: float
                 ) -> list[tuple[np.ndarray, float, Corner]]:
    """`_row_gaps` in one row, from the sure readings in it, where their glyphs lie within
    `ROW_ACROSS` of a line: along their cards' short edge (a spread hand) or long edge (a
    column), whichever the glyphs spread along more. Three or four glyphs, each a few pixels
    off the line, show which of the two and no more: in a bellot row the line fitted through
    three of them ran 9 degrees off the row, and put the seat a step beyond its end two thirds
    of a glyph's height off the card's glyph (two fifths along the cards' edge)."""
    middle = glyphs.mean(axis=0)
    _, _, axes = np.linalg.svd(glyphs - middle)
    turn = framings[0]
    along = turn.u if abs(float(axes[0] @ turn.u)) >= abs(float(axes[0] @ turn.v)) else turn.v
    across = np.array([-along[1], along[0]])
    if np.abs((glyphs - middle) @ across).max() > ROW_ACROSS * height:
        return []  # not one row
    gaps = []
    for place in _unread(((glyphs - middle) @ along).tolist(), height):
        centre = middle + place * along
        closest = framings[int(np.argmin(np.linalg.norm(glyphs - centre, axis=1)))]
        gaps.append((centre, height, closest))
    return gaps


def _unread(read: list[float], height: float) -> list[float]:
    """Where the unread cards of a fan or a row lie, from where its read cards' rank glyphs do
    (`read`, lengths along its arc or line): a gap of n of its steps (the least gap; readings of
    one glyph, nearer than `SAME_GLYPH` of `height`, are one) holds n - 1 cards, where it lies
    within `FAN_GAP_FIT` steps of a whole number of them, and one more card may lie a step
    beyond either end. None from fewer than three glyphs, which do not show the step."""
    glyphs: list[float] = []
    for place in sorted(read):
        if not glyphs or place - glyphs[-1] >= SAME_GLYPH * height:
            glyphs.append(place)
    if len(glyphs) < 3:
        return []
    steps = np.diff(glyphs)
    step = float(steps.min())
    if step < height:  # closer than cards' indexes lie in any fan or row
        return []
    unread = [place + k * gap / n for place, gap in zip(glyphs[:-1], steps.tolist(), strict=True)
              if (n := round(gap / step)) >= 2 and abs(gap / step - n) < FAN_GAP_FIT
              for k in range(1, n)]
    return [glyphs[0] - step, *unread, glyphs[-1] + step]


def _gaps_on_arc(glyphs: np.ndarray, framings: list[Corner], arc: _Arc, height: float
                 ) -> list[tuple[np.ndarray, float, Corner]]:
    """`_fan_gaps` on one fan's arc, from the sure readings on it (`_unread`, on lengths
    along the arc)."""
    pivot, offset = arc
    radius = float(np.median(np.linalg.norm(glyphs - pivot, axis=1)))
    bearings = _bearings(glyphs - pivot)
    facing = _bearings(np.array([f.u for f in framings]))
    if np.degrees(np.abs(_wrapped(facing - bearings - offset))).max() > FAN_GAP_FACING:
        return []  # cards lying at random, which the arc's own test lets by
    start = float(bearings[0])
    gaps = []
    for place in _unread((_wrapped(bearings - start) * radius).tolist(), height):
        angle = start + place / radius
        centre = pivot + radius * np.array([np.cos(angle), np.sin(angle)])
        closest = framings[int(np.argmin(np.linalg.norm(glyphs - centre, axis=1)))]
        turned = _turned_on_arc(centre, closest, arc)
        if turned is not None:
            gaps.append((centre, height, turned))
    return gaps


def _turned_on_arc(centre: np.ndarray, base: Corner, arc: _Arc | None) -> Corner | None:
    """`base` (the framing of the sure reading nearest a glyph at `centre`) turned as the
    glyph's card would face on the fan's `arc` (`_fan_arc`); None without one. In a tight fan
    the nearest sure reading is a neighbour, turned a fan's step (7 to 13 degrees) or two from
    the glyph's card, and seated turned as it the glyph reads as no index."""
    if arc is None:
        return None
    pivot, offset = arc
    angle = float(_bearings(centre - pivot)) + offset
    u = np.array([np.cos(angle), np.sin(angle)])
    clockwise = base.u[0] * base.v[1] - base.u[1] * base.v[0] > 0  # v is u turned a quarter
    v = np.array([-u[1], u[0]]) if clockwise else np.array([u[1], -u[0]])
    return replace(base, u=u, v=v)


def _bearings(offsets: np.ndarray) -> np.ndarray:
    """The angle of each vector (radians, from the x axis towards y)."""
    return np.asarray(np.arctan2(offsets[..., 1], offsets[..., 0]))


def _wrapped(angles: np.ndarray) -> np.ndarray:
    """Angles (radians) brought within half a turn either way of zero."""
    return np.asarray(np.angle(np.exp(1j * np.asarray(angles))))


def _seats(frame: np.ndarray, sites: Sequence[tuple[np.ndarray, float, Corner] | None],
           width: float, level: float, read: tuple[np.ndarray, np.ndarray],
           looked: set[tuple[bytes, bytes, float, float]] | None = None
           ) -> list[tuple[int, _Read]]:
    """Each site's glyph (its centre and height, and the framing to turn its corner as; None
    to pass it by) read through a corner seated on it at `width`, at this line for ink, where
    that reading finds the same glyph (`_one_glyph`, by the taller of the two): a site is
    often a piece of its rank (the top of a 2 cut off by the shadow beside it, 8 pixels high),
    and the seat finds the whole of it a few pixels away (four seeds of the benchmark: 9 more
    cards, none lost or misread). A glyph the seat finds elsewhere, within `GAP_REACH`, is
    seated on in turn, once, unless it is one of the glyphs `read` surely already (their
    centres and heights): a gap's place is where a fan's or a row's unread card should lie,
    not a glyph seen, and an unsure glyph is often the suit under a rank; seated on again, a
    dondorf 9 of clubs read surely already was framed as a 3 at 1.000. (The site's number,
    the reading.) `looked`: the seats (site, turn, width and line for ink) an earlier seating
    of the frame looked through, passed by, and this one's added (`_Seatings`)."""
    looks: list[tuple[int, _Read]] = []
    for k, site in enumerate(sites):
        if site is None:
            continue
        centre, height, turn = site
        if looked is not None:
            seat_key = (centre.tobytes(), turn.u.tobytes(), width, level)
            if seat_key in looked:
                continue
            looked.add(seat_key)
        for _ in range(2):  # a seat may move to the glyph it finds once
            seated = _seated_on(frame, centre, turn, width, level)
            if seated is None:
                break
            seat, look, found, found_height = seated
            apart = float(np.linalg.norm(found - centre))
            if _one_glyph(apart, height, found_height):
                looks.append((k, (seat, *look)))
                break
            if apart >= GAP_REACH * height or _one_glyph(
                    np.linalg.norm(read[0] - found, axis=1), found_height, read[1]).any():
                break
            centre, height = found, found_height
    return looks


def _read_as_cards(sites: Sequence[tuple[np.ndarray, float, Corner] | None],
                   looked: list[tuple[int, _Read]], pr: np.ndarray, ps: np.ndarray
                   ) -> list[tuple[np.ndarray, float, Corner] | None]:
    """Those of `sites` (the rest None) that a seat's reading among `looked` (each with its
    site's number, read as `pr` and `ps`) names as a card from `SEAT_PROMISE`."""
    _, _, confidence = best_answers(pr, ps)
    named = {site for (site, _), sure in zip(looked, confidence.tolist(), strict=True)
             if sure >= SEAT_PROMISE}
    return [site if k in named else None for k, site in enumerate(sites)]


def _seated_on(frame: np.ndarray, centre: np.ndarray, turn: Corner, width: float, level: float
               ) -> tuple[Corner, tuple[Corner, IndexGlyphs], np.ndarray, float] | None:
    """The corner seated with its index's rank glyph at `centre`, turned as `turn`, `width`
    wide (tucked in toward the glyph where that finds no index, `TUCKED_IN`); its first look
    at this line for ink; and where that look's rank glyph lies (centre, height). None where
    neither look finds an index."""
    for share in (1.0, TUCKED_IN):
        seat = replace(turn, point=corner_at_rank(centre, turn.u, turn.v, width * share),
                       width=width, measured=False, lone=None)  # turned as it, not its card
        look = first_look(frame, seat, level)
        if look is not None:
            break
    if look is None:
        return None
    found, found_height = rank_glyph(*look)
    return seat, look, found, found_height


def _sure_only(reads: list[_Read], pr: np.ndarray, ps: np.ndarray, sure: float
               ) -> tuple[list[_Read], np.ndarray, np.ndarray]:
    """Those of `reads` (read as `pr` and `ps`) read at least `sure`, with their
    probabilities."""
    _, _, confidence = best_answers(pr, ps)
    kept = confidence >= sure
    return [read for read, keep in zip(reads, kept, strict=True) if keep], pr[kept], ps[kept]


def _no_reads(pr: np.ndarray, ps: np.ndarray) -> tuple[list[_Read], np.ndarray, np.ndarray]:
    """No readings, with probability arrays shaped as `pr` and `ps` are."""
    return [], np.zeros((0, pr.shape[1])), np.zeros((0, ps.shape[1]))


def _votes(same: np.ndarray, answer: np.ndarray, weight: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    """Per reading, the weight of the readings of its card (itself included) that give its
    answer, and of those that give another."""
    group = same | np.eye(len(answer), dtype=bool)
    agree = answer[:, None] == answer[None, :]
    return (group & agree) @ weight, (group & ~agree) @ weight


def best_answers(pr: np.ndarray, ps: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per reading, the likeliest rank (0-12) and suit (0-3) that are a card, and how sure
    both are together (the product of their probabilities, the suit's "not an index" weighed
    by SUIT_NONE_WEIGHT)."""
    ranks, suits = pr[:, :NONE_RANK].argmax(axis=1), ps[:, :NONE_SUIT].argmax(axis=1)
    rows = np.arange(len(pr))
    doubt = SUIT_NONE_WEIGHT * ps[:, NONE_SUIT]
    suit_sure = ps[rows, suits] / (ps[:, :NONE_SUIT].sum(axis=1) + doubt)
    return ranks, suits, pr[rows, ranks] * suit_sure


@dataclass
class _Seatings:
    """A frame's seatings so far (`Recognizer._seated`): how many were made, and the seats
    they looked through (`_seats`). A later seating (`SEATINGS`) passes by a seat looked
    through before: its reading stood then, or would not stand now, a later seating's readings
    standing on less than the first's."""

    made: int = 0
    looked: set[tuple[bytes, bytes, float, float]] = field(default_factory=set)


@dataclass(frozen=True)
class _Seen:
    """One hypothesis that was read: where it puts the card, where its rank glyph is, whether
    another card's edge cut into the glyphs (`IndexGlyphs.cut`), and its suit glyph's image
    (`IndexGlyphs.suit`, for `Recognizer._settled_by_the_deck`)."""

    corner: Corner
    glyph: np.ndarray
    glyph_height: float
    cut: bool = False
    suit: np.ndarray | None = None


def _seen_of(read: _Read) -> _Seen:
    """A reading as the table's rules weigh it: where its hypothesis puts the card, not where
    its glyphs were framed."""
    hypothesis, framed, found = read
    return _Seen(hypothesis, *rank_glyph(framed, found), found.cut, found.suit)


class _Ballot(NamedTuple):
    """How a frame's readings vote on its cards (`Recognizer._ballot`)."""

    answer: np.ndarray
    """Per reading, its likeliest card (rank * NONE_SUIT + suit)."""
    same_index: np.ndarray
    """Which pairs of readings found the same rank glyph (`_same_index`)."""
    sure: np.ndarray
    """Per reading, whether it is sure (`Recognizer._needed`)."""
    same: np.ndarray
    """Which pairs of readings are of one card (`_same_card`), less those that do not hear each
    other."""
    disputed: np.ndarray
    """Per reading, whether the readings of its card naming another card outweigh it
    (`OUTVOTE`)."""


def _turned_about(framed: Corner, glyph: np.ndarray) -> list[Corner]:
    """Framings of the rank glyph centred at `glyph`, as wide as `framed` and turned from it by
    each of `DISPUTE_TURNS`, each with the glyph where the common index's rank lies."""
    turned = []
    for degrees in DISPUTE_TURNS:
        cos, sin = np.cos(np.radians(degrees)), np.sin(np.radians(degrees))
        turn = np.array([[cos, -sin], [sin, cos]])
        u, v = turn @ framed.u, turn @ framed.v
        turned.append(replace(framed, point=corner_at_rank(glyph, u, v, framed.width), u=u, v=v))
    return turned


def _turned_looks(frame: np.ndarray, hypothesis: Corner, framed: Corner, glyph: np.ndarray
                  ) -> list[_Read]:
    """The rank glyph centred at `glyph` read through `framed` turned about it
    (`_turned_about`), each look that finds an index kept as a reading of `hypothesis`."""
    return [(hypothesis, turned, found) for turned in _turned_about(framed, glyph)
            if (found := read_glyphs(corner_patch(frame, turned))) is not None]


def _weighed_by_pips(ps: np.ndarray, reading: int, pips: np.ndarray, suits: np.ndarray) -> None:
    """Weigh a reading's suit probabilities (`ps[reading]`, in place) by the pip the suit network
    reads likeliest as one of `suits` (its `pips`' probabilities), where it reads that pip
    undoubted (`FIRM_SURE`) as one of them (`Recognizer._settled_by_pips`,
    `Recognizer._settled_by_frame_pips`)."""
    pip = pips[int(np.argmax(pips[:, suits].max(axis=1)))]
    suit = int(np.argmax(pip[:NONE_SUIT]))
    if suit in suits.tolist() and pip[suit] >= FIRM_SURE:
        weighed = ps[reading] * pip
        ps[reading] = weighed / weighed.sum()


def _ruled_out(nearest: dict[int, float], two: list[int], apart: dict[int, bool],
               nearer: float) -> int | None:
    """Which of a doubted reading's `two` suits (the likelier last), if either, the frame's
    sure suit glyphs rule out, by the cosine distance to each suit's nearest (`nearest`: the
    suits shown) and whether each is shown in glyphs apart (`apart`): where both are shown,
    the one whose nearest lies `nearer` times as near as the other's is kept
    (`Recognizer._settled_by_the_deck`)."""
    if len(nearest) == 2:
        rival, likelier = two
        if nearest[likelier] < nearer * nearest[rival]:
            return rival
        return likelier if nearest[rival] < nearer * nearest[likelier] else None
    if len(nearest) == 1:
        (suit, distance), = nearest.items()
        return suit if distance >= DECK_APART and apart[suit] else None
    return None  # neither suit is shown


def _apart(seen: list[_Seen], readings: np.ndarray) -> bool:
    """Whether these readings' rank glyphs lie apart, beyond a glyph's height of the first's:
    two prints, not one glyph read twice."""
    glyphs = np.array([seen[i].glyph for i in readings]).reshape(-1, 2)
    heights = np.array([seen[i].glyph_height for i in readings])
    return bool((np.linalg.norm(glyphs - glyphs[:1], axis=1) > heights).any())


def _cosine_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """One minus the cosine of the angle between each row of `a` and each row of `b`."""
    a = a / np.maximum(np.linalg.norm(a, axis=1, keepdims=True), 1e-9)
    b = b / np.maximum(np.linalg.norm(b, axis=1, keepdims=True), 1e-9)
    return np.asarray(1.0 - a @ b.T)


def _index_spans(seen: list[_Seen], ends: np.ndarray) -> list[float]:
    """Card widths in rank glyph heights, measured on cards read at both their index corners
    (`ends`: which pairs of readings are one card's two index corners, surely read alike):
    from one rank glyph to the other runs the card's length less twice an index's inset
    (`GLYPH_DOWN`). The top card of a row or a fan shows both its indexes, and seldom both its
    edges whole."""
    first, second = np.nonzero(np.triu(ends, 1))
    v = np.array([s.corner.v for s in seen]).reshape(-1, 2)
    glyphs = np.array([s.glyph for s in seen]).reshape(-1, 2)
    height = np.array([s.glyph_height for s in seen])
    mean_height = (height[first] + height[second]) / 2
    down = np.abs(((glyphs[second] - glyphs[first]) * v[first]).sum(axis=1))
    widths = (down / np.maximum(mean_height, 1e-6) + 2 * GLYPH_DOWN) / CARD_ASPECT
    return [float(w) for w in widths if WIDTH_PER_GLYPH[0] <= w <= WIDTH_PER_GLYPH[1]]


@dataclass(frozen=True)
class _Face:
    """The face of a card read at both its index corners, in the frame of its top-left index's
    reading: from that rank glyph's centre (`origin`), `across` along `u` and `down` along `v`
    to the other's, each way `margin` further."""

    origin: np.ndarray
    u: np.ndarray
    v: np.ndarray
    across: float
    down: float
    margin: float


def _faces(glyphs: np.ndarray, heights: np.ndarray, u: np.ndarray, v: np.ndarray,
           answer: np.ndarray) -> list[_Face]:
    """The faces of the cards read at both their index corners, from sure readings (their rank
    glyphs' centres and heights, their framings' `u` and `v`, and their cards, `answer`): two
    readings of one card facing opposite ways (within `OPPOSITE_TWIST`), the second lying down
    and across the card from the first as its other index does (`INDEX_DIAGONAL`), a card's
    length away (`WIDTH_PER_GLYPH`). Both indexes show only where no card lies across the
    card: in a row or a fan, on the top card; on a scattered table, on nearly every card. What
    lies on such a face is its own pips, art and indexes, so the glyphs there are no other
    card's index."""
    offset = glyphs[None, :, :] - glyphs[:, None, :]  # [i, j]: from i's rank glyph to j's
    across = (offset * u[:, None, :]).sum(axis=2)
    down = (offset * v[:, None, :]).sum(axis=2)
    slope = down / np.maximum(across, 1e-6)
    height = (heights[:, None] + heights[None, :]) / 2
    width = (down / np.maximum(height, 1e-6) + 2 * GLYPH_DOWN) / CARD_ASPECT
    ends = ((answer[:, None] == answer[None, :]) & (u @ u.T <= -np.cos(np.radians(OPPOSITE_TWIST)))
            & (across > 0) & (slope >= INDEX_DIAGONAL[0]) & (slope <= INDEX_DIAGONAL[1])
            & (width >= WIDTH_PER_GLYPH[0]) & (width <= WIDTH_PER_GLYPH[1]))
    return [_Face(glyphs[i], u[i], v[i], float(across[i, j]), float(down[i, j]),
                  FACE_MARGIN * float(height[i, j]))
            for i, j in zip(*np.nonzero(ends), strict=True)]


def _off(faces: Sequence[_Face], points: Sequence[np.ndarray]) -> np.ndarray:
    """Per point (frame pixels), whether it lies on none of the `faces`."""
    off = np.ones(len(points), bool)
    if not faces or not points:
        return off
    at = np.array(points, np.float64).reshape(-1, 2)
    for face in faces:
        x, y = (at - face.origin) @ face.u, (at - face.origin) @ face.v
        off &= ~((x > -face.margin) & (x < face.across + face.margin)
                 & (y > -face.margin) & (y < face.down + face.margin))
    return off


def _indexes_off(faces: Sequence[_Face], hypotheses: list[Corner]) -> np.ndarray:
    """Per hypothesis, whether its index's rank glyph would lie on none of the `faces`."""
    return _off(faces, [rank_centre_at(h.point, h.u, h.v, h.width) for h in hypotheses])


def _off_faces(faces: Sequence[_Face], hypotheses: list[Corner]) -> list[Corner]:
    """Those `hypotheses` whose index's rank glyph would lie on none of the `faces`."""
    return [h for h, off in zip(hypotheses, _indexes_off(faces, hypotheses), strict=True) if off]


def _sized(seen: list[_Seen], read: list[bool], usual: float,
           spans: list[float] | None = None) -> list[Corner]:
    """Each reading's corner, its width rescaled where it was guessed (a card whose edges
    hide under others in a row: 1.2 or 2.4 times what shows) to its rank glyph's height times
    the width per glyph height of the `read` cards whose width was measured, and of the cards
    read at both ends (`spans`, from `_index_spans`); or, with neither, `usual` (a learned
    deck's own, or the common index's): one deck's cards, and their indexes, are one size,
    and the camera's perspective scales both alike. The reported corners then hold the card's
    centre, which decides its zone. A measured width outside `WIDTH_PER_GLYPH` is a fan's
    outline corner whose two edges are two cards', and is not taken."""
    per_height = [s.corner.width / s.glyph_height for s, card in zip(seen, read, strict=True)
                  if card and s.corner.measured and s.glyph_height > 0
                  and WIDTH_PER_GLYPH[0] <= s.corner.width / s.glyph_height <= WIDTH_PER_GLYPH[1]]
    per_height += spans or []
    ratio = float(np.median(per_height)) if per_height else usual
    return [replace(s.corner, width=ratio * s.glyph_height) if s.glyph_height > 0 and (
                not s.corner.measured
                or abs(s.corner.width / (ratio * s.glyph_height) - 1) > MEASURED_OFF)
            else s.corner for s in seen]


def _turned_right(grey: np.ndarray, seen: list[_Seen], answer: np.ndarray) -> list[_Seen]:
    """`seen`, with each reading whose card edge lies on the far side of its rank glyph
    (`detect.mirrored`: an index at a four-index deck's bottom-left or top-right corner)
    framed on that side: read as a bottom-right index, it put the card where its neighbour
    lies in a row, and disputed that neighbour's reading as this card's other corner. The
    edge must run on down the card's long edge too (`EDGE_RUN_DOWN` glyph heights, its
    `detect.run_steps` on the far side `RUN_MARGIN` times those on the near): beside the
    index alone, a fanned neighbour's edge or a pip can step as strongly. Four seeds of the
    benchmark (1, 3, 5, 7): of the sure readings so flipped, all 146 at dondorf's mirrored
    corners stay flipped, and 112 of the 120 elsewhere (mostly two-index decks) no longer;
    four seeds a misread fewer, seeds 2 and 4 a card more and two misreads fewer. Where the
    edge beside it does not settle it, but the card is read at the other end of the same edge
    too, the two are told apart against each other (`_mirrored_end`). `grey`: the frame's
    `detect.edge_grey`; `answer`: each reading's card where it is sure, else -1."""
    if not seen:
        return seen
    glyphs = np.array([s.glyph for s in seen])
    u = np.array([s.corner.u for s in seen])
    v = np.array([s.corner.v for s in seen])
    height = np.array([s.glyph_height for s in seen])
    steps = side_steps(grey, glyphs, u, v, height)
    flip = mirrored(steps)
    if flip.any():  # a card's edge runs on down its long edge; a pip's, a neighbour's seldom
        at = np.flatnonzero(flip)
        flip[at] = _edge_side(grey, glyphs[at],
                              glyphs[at] + v[at] * EDGE_RUN_DOWN * height[at, None], u[at],
                              height[at]) > 0
    flip |= _mirrored_end(grey, glyphs, u, v, height, answer, steps, flip)
    return [replace(s, corner=s.corner.flipped(s.glyph)) if f else s
            for s, f in zip(seen, flip, strict=True)]


def _mirrored_end(grey: np.ndarray, glyphs: np.ndarray, u: np.ndarray, v: np.ndarray,
                  height: np.ndarray, answer: np.ndarray, steps: np.ndarray, flipped: np.ndarray
                  ) -> np.ndarray:
    """Which readings are the mirrored end of a card read at both ends of one long edge: a
    four-index deck's top-left and bottom-left indexes (or top-right and bottom-right) face
    opposite ways, one straight down the edge from the other (`EDGE_ENDS_APART`), and exactly
    one of them is mirrored, but from each one's frame the other looks alike. In a row the
    next card's edge can step beside either about as strongly as the card's own
    (`MIRROR_RATIO` is not met), yet the mirrored one's far side steps more, against its near
    side, than the other's does: by `END_MARGIN` times, on the benchmark's dondorf tables,
    184 such pairs were told apart right and 5 wrong (at 1.5 times, 236 and 33). First, though,
    the card's edge runs straight along the whole span between the two, on one side, where a
    pip, art or a neighbour's glyph lies beside a part of it (`detect.run_steps`): where one
    side's run steps `RUN_MARGIN` times the other's, that side holds the edge (the dondorf
    tables of seeds 1 to 5 and 7: 334 of 449 pairs so told apart, none wrong; with the steps
    beside the ends for the rest, 375 right, none wrong and 74 untold, where those steps alone
    told 221 right and 9 wrong). `grey`: the frame's `detect.edge_grey`. Per reading: its
    rank glyph's centre, its corner's u and v, its glyph's height, its card where sure (else
    -1), its `detect.side_steps`, and whether it is flipped already."""
    ends = _edge_ends(glyphs, u, v, height, answer) & ~flipped[:, None] & ~flipped[None, :]
    near, far = steps.T
    lean = far / np.maximum(near, 1.0)
    farther = lean[:, None] >= END_MARGIN * lean[None, :]
    one, other = np.nonzero(np.triu(ends))
    if len(one):  # the card's edge, run along the whole span, settles it where it shows
        side = _edge_side(grey, glyphs[one], glyphs[other], u[one],
                          (height[one] + height[other]) / 2)
        run = side != 0
        beyond = side > 0  # the edge runs on `one`'s far side: `one` is mirrored
        farther[one[run], other[run]] = beyond[run]
        farther[other[run], one[run]] = ~beyond[run]
    votes = (ends & farther).sum(axis=1) - (ends & farther.T).sum(axis=1)
    return np.asarray(votes > 0)


def _edge_side(grey: np.ndarray, starts: np.ndarray, ends: np.ndarray, u: np.ndarray,
               heights: np.ndarray) -> np.ndarray:
    """Per span along a card's edge (`detect.run_steps`' `starts`, `ends` and `heights`), on
    which side of it the edge runs: 1 beyond it (+u), -1 before it (-u), where that side's
    run steps `RUN_MARGIN` times the other's; 0 where neither does."""
    near, far = run_steps(grey, starts, ends, np.stack([-u, u], axis=1), heights).T
    return np.asarray((far >= RUN_MARGIN * np.maximum(near, 1.0)).astype(int)
                      - (near >= RUN_MARGIN * np.maximum(far, 1.0)))


def _edge_ends(glyphs: np.ndarray, u: np.ndarray, v: np.ndarray, height: np.ndarray,
               answer: np.ndarray) -> np.ndarray:
    """Which pairs of readings name one card (`answer`, -1 where not sure) at both ends of one
    long edge: facing opposite ways, one straight down the edge from the other
    (`EDGE_ENDS_APART` of its glyph's height), as a four-index deck's top-left and
    bottom-left indexes lie (a two-index deck's two lie across the card from each other).
    Per reading: its rank glyph's centre, its corner's u and v, its glyph's height."""
    offset = glyphs[None, :, :] - glyphs[:, None, :]
    size = np.maximum(height[:, None], 1e-6)
    across = np.abs((offset * u[:, None, :]).sum(axis=2)) / size
    down = np.abs((offset * v[:, None, :]).sum(axis=2)) / size
    return np.asarray((answer[:, None] == answer[None, :]) & (answer[:, None] >= 0)
                      & (u @ u.T < -0.9) & (across < 1.0) & (down >= EDGE_ENDS_APART))


def _cornered_at_glyphs(seen: list[_Seen]) -> list[_Seen]:
    """`seen`, with each corner whose rank glyph lies further across the card than an index's
    does (`GLYPH_ACROSS`), or before the corner (`GLYPH_BEFORE`), moved along its edge to
    where that glyph's own corner is (`GLYPH_SEAT`): in a row a corner whose width was
    guessed wide frames the next card's index too, and the card read there was put at its
    neighbour's corner (on the benchmark's four seeds, 6 of 21 cards named at another card's
    corner); and a corner that lies past its glyph, outside the card, implies a card reaching
    past its own (a bellot jack of diamonds in a row, whose card so placed ended at the 9 of
    spades' bottom index: the two readings, facing opposite ways, were taken for one card's
    two indexes naming two cards; four seeds, 1 more card, none lost or misread)."""
    moved = []
    for s in seen:
        across = float((s.glyph - s.corner.point) @ s.corner.u)
        if not GLYPH_BEFORE * s.glyph_height <= across <= GLYPH_ACROSS * s.glyph_height:
            point = s.corner.point + (across - GLYPH_SEAT * s.glyph_height) * s.corner.u
            s = replace(s, corner=replace(s.corner, point=point))
        moved.append(s)
    return moved


def _whole_glyphs(seen: list[_Seen], answer: np.ndarray) -> np.ndarray:
    """Which readings to keep: not one whose glyph's height lies further off the frame's usual
    rank glyph height (the median of the sure readings') than, by `HEIGHT_NEARER` times, that
    of another reading of the same glyph sure of another card (`answer`: each reading's card
    where sure, else -1). Framed another way, a rank can fall into pieces (the hook of a 5 or
    a 3 read as a J at 1.0, its thin stem lost) or run into the card's edge or art; one deck's
    ranks are one height on the table, so the framing that found the glyph at that height
    found it whole. Without this the two readings disputed each other into an unknown."""
    height = np.maximum([s.glyph_height for s in seen], 1e-6)
    sure = answer >= 0
    if not sure.any():
        return np.ones(len(seen), dtype=bool)
    off = np.abs(np.log(height / np.median(height[sure])))
    rivals = (_same_index(seen) & sure[:, None] & sure[None, :]
              & (answer[:, None] != answer[None, :]))
    return np.asarray(~(rivals & (off[:, None] > off[None, :] + np.log(HEIGHT_NEARER))).any(axis=1))


def _same_card(seen: list[_Seen], answer: np.ndarray, same_index: np.ndarray,
               undoubted: np.ndarray) -> np.ndarray:
    """Which readings are of one card: the same rank glyph read through two corner guesses
    (`same_index`, from `_same_index`), or the card's two index corners (which face opposite
    ways from opposite corners).

    Opposite corners are judged loosely, as corner guesses are loose; so in a row the next
    card's bottom-right index, a third of a card along, passes for this card's own. Two such
    readings are two cards when each is backed by another reading of its own glyph giving
    its answer (`answer`: -1 where not sure), or is `undoubted` itself, and their rank glyphs
    lie apart as one card's two indexes never do: from one to the other, down the card (v) 1
    to 2.5 times as far as across it (u) (`INDEX_DIAGONAL`).

    Nor is a reading one card with another that names another card whose other index its glyph
    is (read alike, through some framing, from a glyph of its own) (`claimed`): in a fan the top
    card's bottom-right index lies where each neighbour's own would, and it disputed their sure
    readings into unknowns."""
    glyphs = np.array([s.glyph for s in seen])
    points = np.array([s.corner.point for s in seen])
    far = np.array([s.corner.quad()[2] for s in seen])
    u = np.array([s.corner.u for s in seen])
    v = np.array([s.corner.v for s in seen])
    width = np.array([s.corner.width for s in seen])
    near = 0.3 * np.minimum(width[:, None], width[None, :])
    opposite = (((np.linalg.norm(points[:, None] - far[None], axis=2) < near)
                 | (np.linalg.norm(far[:, None] - points[None], axis=2) < near))
                & (u @ u.T < -0.9))
    offset = glyphs[None, :, :] - glyphs[:, None, :]  # [i, j]: from i's rank glyph to j's
    across = (offset * u[:, None, :]).sum(axis=2)
    down = (offset * v[:, None, :]).sum(axis=2)
    slope = np.where(across > 1e-6, down / np.maximum(across, 1e-6), -1.0)
    fits = (slope >= INDEX_DIAGONAL[0]) & (slope <= INDEX_DIAGONAL[1])
    diagonal = fits & fits.T
    agree = (answer[:, None] == answer[None, :]) & (answer[:, None] >= 0)
    backed = ((same_index & agree).sum(axis=1) >= 2) | undoubted  # itself and one more
    two_cards = ~diagonal & backed[:, None] & backed[None, :]
    linked = opposite & ~two_cards & ~same_index
    # [j, i]: whether some framing of j's glyph agrees, as its card's other index, with a
    # reading of another glyph than i's (few such pairs: no matrix products)
    framing, partner = np.nonzero(linked & agree)
    elsewhere = (same_index[:, framing, None] & ~same_index[None, partner, :]).any(axis=1)
    claimed = (linked & ~agree & (answer[:, None] >= 0) & (answer[None, :] >= 0)
               & (elsewhere | elsewhere.T))
    same = np.asarray(same_index | (linked & ~claimed))
    np.fill_diagonal(same, False)
    return same


def _same_index(seen: list[_Seen]) -> np.ndarray:
    """Which pairs of readings found the same rank glyph."""
    glyphs = np.array([s.glyph for s in seen])
    height = np.array([s.glyph_height for s in seen])
    apart = np.linalg.norm(glyphs[:, None] - glyphs[None], axis=2)
    return _one_glyph(apart, height[:, None], height[None, :])


def _one_glyph(apart: np.ndarray | float, height: np.ndarray | float,
               other_height: np.ndarray | float) -> np.ndarray:
    """Whether two rank glyphs whose centres lie `apart` (pixels), of these heights, are one
    glyph: nearer than `SAME_GLYPH` of the taller one's height, so that a piece of a rank and
    the whole rank count as one (numpy broadcasting)."""
    return np.asarray(apart < SAME_GLYPH * np.maximum(height, other_height))


def _askew(turn: np.ndarray, same_index: np.ndarray) -> np.ndarray:
    """Which pairs of readings, of two rank glyphs (not `same_index`), face roughly opposite
    ways, as one card's two index corners do, but more than OPPOSITE_TWIST degrees from
    exactly opposite. `turn`: the cosines of the angles between their framings."""
    return np.asarray((turn < 0) & (turn > -np.cos(np.radians(OPPOSITE_TWIST)))
                      & ~same_index)


def _turned_apart(turn: np.ndarray, same_index: np.ndarray) -> np.ndarray:
    """Which pairs of readings of one rank glyph were framed more than `TURNED_APART` degrees
    apart (`turn`, as for `_askew`): at most one of them is upright, and the networks were
    taught glyphs turned sideways or upside down as no index, so the less sure is the turned
    one."""
    return np.asarray(same_index & (turn < np.cos(np.radians(TURNED_APART))))


def _pooled_where_cut(probabilities: np.ndarray, features: np.ndarray, cut: np.ndarray,
                      head: GlyphNet | None) -> np.ndarray:
    """A network's class probabilities (from its `conv_features`, `features`), those of the
    readings `cut` marks pooled (`agreed`) with its head for cut glyphs (`Model.cut_suit`,
    `Model.cut_rank`), where it has one."""
    if head is not None and cut.any():
        probabilities[cut] = agreed(probabilities[cut], head.probabilities_of(features[cut]))
    return probabilities


def agreed(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Two networks' class probabilities for the same glyphs pooled (their normalised geometric
    mean): sure where both lean one way, unsure where they differ. The cut suits' head alone
    read 140 more cut readings right and 19 more wrong than the suit network on unseen designs'
    fans and rows (its sure answers, at 0.97); pooled with it, 110 and 5."""
    pooled = np.sqrt(first * second)
    return np.asarray(pooled / np.maximum(pooled.sum(axis=1, keepdims=True), 1e-12))


def combine_colour(suit_probs: np.ndarray, redness: np.ndarray) -> np.ndarray:
    """Weigh suit shapes by ink colour (hearts and diamonds are red), keeping the none class."""
    red = 1 / (1 + np.exp(-(redness - 0.25) * 30))  # ink colour is the surer cue
    like = np.where(_SUIT_IS_RED[None, :] > 0, red[:, None], 1 - red[:, None])
    shaped = suit_probs.copy()
    shaped[:, :NONE_SUIT] *= like
    return np.asarray(shaped / shaped.sum(axis=1, keepdims=True))


@cache
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[object]:
    """Keep numpy's matrix products (the glyph networks) to the calling thread. They are small
    and many; a second BLAS thread mostly spins waiting for the next, which doubled the CPU time
    of a frame for the same wall time (docs/vision.md), and on the Pi the other cores serve the
    camera, the page and the board."""
    limiter: AbstractContextManager[object] = _blas().limit(limits=1, user_api="blas")
    return limiter


def one_opencv_thread() -> None:
    """Keep OpenCV's own thread pool off, for the whole process: the reader works on a hundred
    patches of 42x90 pixels a frame, and a second OpenCV thread spent half again the CPU time
    on them for no sooner an answer (docs/vision.md). OpenCV's setting is process-wide and
    not safe to change while another thread runs OpenCV, so it is made once, as the reader
    is made, before the camera's threads start, and left alone once made."""
    if cv2.getNumThreads() != 1:
        cv2.setNumThreads(1)


def make_recognizer(profile: str | Path | None = None,
                    threshold: float | None = None) -> Recognizer:
    """The table's recogniser: the default, or one for a learned deck profile (checking the
    threshold), with OpenCV kept to one thread (`one_opencv_thread`)."""
    if threshold is not None and not 0 < threshold < 1:
        raise ValueError(f"threshold {threshold} must be between 0 and 1")
    if profile is not None and not Path(profile).is_file():
        raise ModelError(f"{profile}: no such deck profile (make one with `crib deck learn`)")
    one_opencv_thread()
    threshold = DEFAULT_THRESHOLD if threshold is None else threshold
    if profile is None:
        return Recognizer(Model.default(), threshold)
    return Recognizer.for_profile(Model.load(profile), threshold)
