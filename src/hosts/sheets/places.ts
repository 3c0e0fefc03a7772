/** Where the Sheets add-on keeps each thing a message may send the seller to: its menu. */
import type { HostPlaces } from "../../core/places";

export const SHEETS_PLACES: HostPlaces = {
  settings: "Extensions > Marketplace Profit > Settings",
  refreshErrors: "use Extensions > Marketplace Profit > Refresh cells with errors",
};
