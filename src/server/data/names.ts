/**
 * Product names for the demo data. `npm start` serves believable names only; the hostile ones a
 * spreadsheet must survive are test data, used when a test asks for them (`hostileNames`).
 */
import type { Rng } from "./rng";

/**
 * Names that break naive spreadsheets or encoders: formula triggers (= + - @, also behind
 * whitespace, a BOM or a full-width ＝), quotes, a 500-character name, text that looks like a
 * number, Thai, Chinese, Arabic and emoji. Exactly one is the HYPERLINK formula. With
 * `hostileNames`, the first items of the demo account's first shop of each marketplace carry
 * them, in this order.
 */
export const HOSTILE_NAMES: readonly string[] = [
  '=HYPERLINK("http://x","y")',
  "+Plus Size Linen Shirt",
  "-20% Bundle Cable Ties",
  "@home Cotton Bath Towel",
  "Mug \"Best Dad\" 'Classic' 350ml",
  ("Extra Long Name Organic Bamboo Kitchen Towel Set " + "with Hanging Loop ".repeat(40)).slice(
    0,
    500,
  ),
  "เสื้อยืดผ้าฝ้าย สีขาว ไซส์ L",
  "无线蓝牙耳机 主动降噪 黑色",
  "سماعة رأس لاسلكية بلوتوث",
  "Phone Case 📱✨ Glitter 💖",
  "=1+1 Sticker Pack",
  "Tab\tand\nnewline name",
  " =1+1 Leading Space",
  "\uFEFF=SUM(1,2) After BOM",
  '＝HYPERLINK("http://x","y")',
  "1e5",
  "1E-3",
];

/**
 * The first items of a shop never draw their name from the random stream (they once carried
 * the hostile names), so the demo's numbers are the same with and without hostile names.
 */
export const FIXED_NAME_SLOTS = 12;

const ADJECTIVES = [
  "Organic",
  "Premium",
  "Classic",
  "Compact",
  "Wireless",
  "Foldable",
  "Eco",
  "Deluxe",
  "Mini",
  "Portable",
  "Vintage",
  "Smart",
  "Ultra-Soft",
  "Heavy-Duty",
  "Waterproof",
  "Minimalist",
];
const NOUNS = [
  "Bamboo Toothbrush",
  "Phone Stand",
  "Yoga Mat",
  "Water Bottle",
  "Desk Lamp",
  "Backpack",
  "Face Serum",
  "Rice Cooker",
  "Bluetooth Speaker",
  "Throw Pillow",
  "Coffee Grinder",
  "Pet Bed",
  "Running Shoes",
  "Lunch Box",
  "Hair Dryer",
  "Notebook Set",
  "Travel Adapter",
  "Scented Candle",
  "Kitchen Knife",
  "Power Bank",
  "Baby Wipes",
  "Sunscreen SPF50",
  "Tote Bag",
];
const PACKS = ["", " 2-Pack", " 3-Pack", " Set", " 500ml", " 1L", " XL", " (New)"];

/** A plausible product name for slot `i` < FIXED_NAME_SLOTS, without touching the random stream. */
export function fixedProductName(i: number): string {
  return `${ADJECTIVES[i % ADJECTIVES.length] ?? ""} ${NOUNS[(i * 5 + 3) % NOUNS.length] ?? ""}`;
}

/** A plausible product name. */
export function productName(rng: Rng): string {
  return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}${rng.pick(PACKS)}`;
}

/** House brands of the large catalogue's shops (a 3,000-product shop needs more than 2,944 names). */
const BRANDS = [
  "Aruna",
  "Bellamy",
  "Cobalt",
  "Daily Nest",
  "Everleaf",
  "Fieldcraft",
  "Greyhaus",
  "Haven & Co",
  "Isla",
  "Juniper",
  "Kaito",
  "Lumio",
  "Marlowe",
  "Northpeak",
  "Orla",
  "Pavo",
  "Quill",
  "Rattan Road",
  "Sora",
  "Tamarind",
];

/** A plausible product name with a brand, for shops of thousands of products. */
export function brandedProductName(rng: Rng): string {
  return `${rng.pick(BRANDS)} ${productName(rng)}`;
}

const VARIANTS = ["Black", "White", "Red", "Blue", "Green", "S", "M", "L", "XL", "Pink"];

/** A variant (model / SKU) name, distinct within the product for k < 10. */
export function variantName(k: number): string {
  return VARIANTS[k % VARIANTS.length] ?? `Variant ${k}`;
}
