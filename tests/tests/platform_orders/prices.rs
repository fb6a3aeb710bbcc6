//! Issue 45 items 2, 5 and 6 (reading): the price the buyer paid, the file's currency, margins at the
//! seller's rate, an unrecognised layout named as such, and foreign addresses kept whole.
