/** Product names for the demo data, including the hostile ones a spreadsheet must survive. */
import type { Rng } from "./rng";

/**
 * Names that break naive spreadsheets or encoders: formula triggers (= + - @), quotes, a
 * 500-character name, Thai, Chinese, Arabic and emoji. Exactly one is the HYPERLINK formula.
 * The demo account's first A shop uses them for its first items, in this order.
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
];

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

/** A plausible product name. */
export function productName(rng: Rng): string {
  return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}${rng.pick(PACKS)}`;
}

const VARIANTS = ["Black", "White", "Red", "Blue", "Green", "S", "M", "L", "XL", "Pink"];

/** A variant (model / SKU) name, distinct within the product for k < 10. */
export function variantName(k: number): string {
  return VARIANTS[k % VARIANTS.length] ?? `Variant ${k}`;
}
