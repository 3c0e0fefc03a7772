/**
 * Room for a sentence (a pricing sheet's Answer column), the same in every host: about 70
 * characters side by side, and wrapped where the host wraps, so a longer one (an unreachable
 * target's ceiling, a planned price above the list price) is read whole on a taller row.
 */
export const SENTENCE_WIDTH_PX = 500;

/** The same width in points, the unit of Excel's RangeFormat.columnWidth (96 px = 72 pt). */
export const SENTENCE_WIDTH_PT = (SENTENCE_WIDTH_PX * 72) / 96;
