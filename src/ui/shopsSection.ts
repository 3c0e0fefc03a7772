/** Your shops per marketplace; B sellers and C shops may be typed in when the API has no list. */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { Marketplace } from "../api/types";
import type { HostBridge, ShopRef, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";

export interface ShopsProps {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
  readonly error: string;
  readonly onShops: (s: ShopsView) => void;
  readonly onReload: () => void;
}

/** A shop as one picker line. */
export function shopLabel(s: ShopRef): string {
  return `${s.marketplace} · ${s.name} (${s.id}${s.region ? ", " + s.region : ""})`;
}

/** The shops section. */
export function ShopsSection(p: ShopsProps) {
  const [market, setMarket] = useState<Marketplace>("B");
  const [id, setId] = useState("");
  const [region, setRegion] = useState("");
  const [status, setStatus] = useState({ text: "", kind: "info" as "info" | "ok" | "error" });
  const typedIn = p.shops?.typedInOnly ?? [];
  return h(Section, { title: "Shops", id: "sec-shops" }, [
    h(Status, { id: "shops-status", text: p.error, kind: "error" }),
    p.shops
      ? h(
          "ul",
          { id: "shop-list" },
          p.shops.shops.map((s) => h("li", { key: `${s.marketplace}${s.id}` }, shopLabel(s))),
        )
      : h("p", { class: "hint" }, "Save a key to see your shops."),
    h("div", { class: "row" }, [
      h(Button, { id: "reload-shops", label: "Reload shops", onClick: p.onReload }),
    ]),
    typedIn.length > 0
      ? h(
          "form",
          {
            id: "typed-shop",
            onSubmit: (e: Event) => {
              e.preventDefault();
              p.bridge.rememberShop({ marketplace: market, id, region }).then(
                (s) => {
                  p.onShops(s);
                  setId("");
                  setStatus({ text: "Remembered.", kind: "ok" });
                },
                (err: unknown) => setStatus({ text: messageOf(err), kind: "error" }),
              );
            },
          },
          [
            h(
              "p",
              { class: "hint" },
              `The API lists no ${typedIn.join(" or ")} shops: type their ids in (remembered for you).`,
            ),
            h(SelectField, {
              id: "typed-market",
              label: "Marketplace",
              value: market,
              options: typedIn.map((m) => ({
                value: m,
                label: m === "B" ? "B (seller id)" : "C (shop id)",
              })),
              onChange: (v) => setMarket(v as Marketplace),
            }),
            h(TextField, {
              id: "typed-id",
              label: market === "B" ? "Seller id" : "Shop id",
              value: id,
              onInput: setId,
            }),
            h(TextField, {
              id: "typed-region",
              label: "Region",
              value: region,
              onInput: setRegion,
              placeholder: "SG",
            }),
            h("div", { class: "row" }, [
              h(Button, { label: "Remember", type: "submit", onClick: () => undefined }),
            ]),
            h(Status, status),
          ],
        )
      : null,
  ]);
}
