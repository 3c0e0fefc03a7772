/** The request field that moves a cursor list on (spec 2.3). */

/** Request field carrying the cursor (integer, omit to start). */
export const CURSOR_REQUEST_FIELD = "cursorRtProductId";
