/**
 * Places a message sends the seller to. The core does not know its host, so its messages say
 * the generic words below; each host swaps them for its own menu path at its edge (inPlaces),
 * so a cell or the sidebar always names the exact place in that host.
 */

/** Where keys are made: the API provider's web application (spec 2.1). Same in every host. */
export const KEY_PAGE = "Settings → API keys in your Marketplace Profit Analytics web application";

/** Where, in one host, the seller does each thing a message may ask for. */
export interface HostPlaces {
  /** Where the key and the API address are entered, e.g. "Extensions > Marketplace Profit > Settings". */
  readonly settings: string;
  /** How to re-run the cells showing an error, e.g. "use Home > Refresh > Refresh cells with errors". */
  readonly refreshErrors: string;
}

/** Generic phrase in core messages -> its host-specific words. Longest first. */
const GENERIC: ReadonlyArray<readonly [RegExp, (p: HostPlaces) => string]> = [
  [
    /create a new key in Settings > API keys and enter it in the add-on settings/g,
    (p) => `create a new key in ${KEY_PAGE} and paste it in ${p.settings}`,
  ],
  [
    /paste your key under API key and settings in the add-on's sidebar/g,
    (p) => `paste your key in ${p.settings} (keys come from ${KEY_PAGE})`,
  ],
  [/refresh the cells with errors from the add-in's menu or pane/g, (p) => p.refreshErrors],
  [/base URL in Settings/g, (p) => `API address in ${p.settings}`],
  [/\bin Settings\b(?! →)/g, (p) => `in ${p.settings}`],
];

/** A message with every generic place replaced by the host's exact one. */
export function inPlaces(message: string, places: HostPlaces): string {
  return GENERIC.reduce(
    (text, [phrase, words]) => text.replace(phrase, () => words(places)),
    message,
  );
}

/** True when a message still holds a generic place (tests keep every core message covered). */
export function hasGenericPlace(message: string): boolean {
  return /menu or pane|\bin Settings\b(?! →)|Settings > API keys|add-on settings|add-on's sidebar/.test(
    message,
  );
}
