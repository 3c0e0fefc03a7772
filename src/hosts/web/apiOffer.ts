/**
 * Which API the web demo talks to, and a link's `?api=` as a question, never an order. The
 * saved key goes with every request, so only the seller moves it to another address: a link
 * may offer one ("This link asks to use the API at X. Use it? / Keep Y"), and until the
 * seller says yes nothing is stored and nothing is sent there. The bar above the grid always
 * names the address the page talks to.
 */
import { normaliseBaseUrl } from "../../core/baseUrl";
import { messageOf } from "../../core/errors";

/** What a link's `?api=` asks, against the address in use. */
export type ApiLink =
  | { readonly kind: "none" }
  | { readonly kind: "offer"; readonly address: string }
  | { readonly kind: "unusable"; readonly reason: string };

/** Read a link's `?api=` value against the address the page talks to now. */
export function apiLink(linked: string | null, current: string): ApiLink {
  if (linked === null || linked.trim() === "") return { kind: "none" };
  try {
    const address = normaliseBaseUrl(linked);
    return address === current ? { kind: "none" } : { kind: "offer", address };
  } catch (e) {
    return { kind: "unusable", reason: messageOf(e) };
  }
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
      const keep = button("api-offer-keep", `Keep ${current}`, true, () => {
        asking = null;
        o.keep();
        void update();
      });
      if (o.framed) {
        line.textContent =
          `This link asks to use the API at ${link.address}, from inside another page: ` +
          `open the web demo in its own tab to change the API address. ` +
          `This page talks only to ${current}.`;
        bar.append(line, keep);
        return;
      }
      line.textContent =
        `This link asks to use the API at ${link.address}; your API key would be sent there. ` +
        `Use it? Until you answer, this page talks only to ${current}.`;
      bar.append(
        line,
        button("api-offer-use", `Use ${link.address}`, false, () => o.use(link.address)),
        keep,
      );
      return;
    }
    line.textContent =
      link.kind === "unusable"
        ? `This link names an API address that cannot be used (${link.reason}). ` +
          `This page talks to the API at ${current}.`
        : `This page talks to the API at ${current} (change it under API key and settings).`;
    bar.append(line);
  };
  void update();
  return { update };
}
