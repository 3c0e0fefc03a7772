/**
 * Which API the web demo talks to, and a link's `?api=` as a question, never an order. The
 * saved key goes with every request, so only the seller moves it to another address: a link
 * may offer one ("This link asks to use the API at X. Use it? / Keep Y"), and until the
 * seller says yes nothing is stored and nothing is sent there. The bar above the grid always
 * names the address the page talks to, as the page uses it: its server, then its path; a link
 * whose path reads like another address is not offered at all.
 */
import { normaliseBaseUrl } from "../../core/baseUrl";
import { messageOf } from "../../core/errors";

/** What a link's `?api=` asks, against the address in use. */
export type ApiLink =
  | { readonly kind: "none" }
  | {
      readonly kind: "offer";
      readonly address: string;
      /** The address as the page will use it: its server (origin), then its path. */
      readonly shown: string;
    }
  | { readonly kind: "unusable"; readonly reason: string };

/** Read a link's `?api=` value against the address the page talks to now. */
export function apiLink(linked: string | null, current: string): ApiLink {
  if (linked === null || linked.trim() === "") return { kind: "none" };
  let address: string;
  try {
    address = normaliseBaseUrl(linked);
  } catch (e) {
    return { kind: "unusable", reason: messageOf(e) };
  }
  if (address === current) return { kind: "none" };
  let origin: string;
  let path: string;
  try {
    ({ origin, path } = asUsed(address));
  } catch {
    return { kind: "unusable", reason: `the browser cannot read ${address} as an address` };
  }
  // The seller decides by reading the address: a path that reads like a host (`/@evil.example`,
  // `//evil.example`, `/https://evil.example`, `/evil.example.com`) would let a link show one
  // server while the key goes to another. An API's path is plain words (`/api`, `/v1.2`).
  if (readsLikeAnAddress(path))
    return {
      kind: "unusable",
      reason: `its path ${path} reads like another address; the key would go to ${origin}`,
    };
  return { kind: "offer", address, shown: shownAddress(address) };
}

/** The server and path a request to `address` goes to, as the browser reads them. */
function asUsed(address: string): { origin: string; path: string } {
  const url = new URL(`${address}/`);
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, "") };
}

/** "https://api.example.com, path /v1": the server first, then its path, apart. */
function shownAddress(address: string): string {
  try {
    const { origin, path } = asUsed(address);
    return path === "" ? origin : `${origin}, path ${path}`;
  } catch {
    return address; // not a URL the browser reads: shown as saved (requests to it fail)
  }
}

function readsLikeAnAddress(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true; // a path that does not decode is no plain path
  }
  if (/\/\/|[@\\:]/.test(decoded)) return true;
  return decoded
    .split("/")
    .some(
      (segment) =>
        /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i.test(segment) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(segment),
    );
}

/** The page's address without its `?api=` (an answered question is not asked again). */
export function withoutApiParameter(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("api");
  return url.toString();
}

export interface ApiBarOptions {
  /** The link's `?api=` value (null: none). */
  readonly linked: string | null;
  /** The address the page talks to (the saved setting or the build's default). */
  readonly current: () => Promise<string>;
  /** The seller said yes: save the address and start talking to it. */
  readonly use: (address: string) => void;
  /** The seller kept the current address (or the link's was unusable): drop `?api=`. */
  readonly keep: () => void;
  /**
   * The page is inside another page's frame: that page could lay a decoy over "Use" and steer
   * the seller's click (clickjacking), so the question is only answered in the page's own tab.
   */
  readonly framed: boolean;
}

/** The bar's control: say the address again after the seller changed it in the settings. */
export interface ApiBar {
  update(): Promise<void>;
}

function button(id: string, label: string, primary: boolean, onClick: () => void): HTMLElement {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = label; // text only: the address comes from a link anyone can write
  if (primary) b.className = "primary";
  b.addEventListener("click", onClick);
  return b;
}

/** Keep `bar` saying which API the page talks to; ask about a link's address once. */
export function mountApiBar(bar: HTMLElement, o: ApiBarOptions): ApiBar {
  let asking = o.linked;
  const update = async (): Promise<void> => {
    const current = await o.current();
    const link = apiLink(asking, current);
    bar.replaceChildren();
    bar.dataset.kind = link.kind;
    const line = document.createElement("span");
    line.id = "api-address";
    line.dataset.address = current;
    if (link.kind === "offer") {
      const keep = button("api-offer-keep", `Keep ${shownAddress(current)}`, true, () => {
        asking = null;
        o.keep();
        void update();
      });
      if (o.framed) {
        line.textContent =
          `This link asks to use the API at ${link.shown}, from inside another page: ` +
          `open the web demo in its own tab to change the API address. ` +
          `This page talks only to ${shownAddress(current)}.`;
        bar.append(line, keep);
        return;
      }
      line.textContent =
        `This link asks to use the API at ${link.shown}; your API key would be sent there. ` +
        `Use it? Until you answer, this page talks only to ${shownAddress(current)}.`;
      bar.append(
        line,
        button("api-offer-use", `Use ${link.shown}`, false, () => o.use(link.address)),
        keep,
      );
      return;
    }
    line.textContent =
      link.kind === "unusable"
        ? `This link names an API address that cannot be used (${link.reason}). ` +
          `This page talks to the API at ${shownAddress(current)}.`
        : `This page talks to the API at ${shownAddress(current)} (change it under API key and settings).`;
    bar.append(line);
  };
  void update();
  return { update };
}
