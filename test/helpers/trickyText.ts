/**
 * Product names a spreadsheet would not keep as typed: formula starts behind blanks, a BOM or
 * an IME's full-width sign, and texts it reads as a number, date, boolean or error.
 */
export const TRICKY_TEXTS: readonly string[] = [
  " =1+1",
  '\uFEFF=HYPERLINK("http://x","y")',
  "＝1+1",
  "＋1+1",
  "@SUM(A1)",
  "-x Bundle",
  "+Plus Size",
  "1e5",
  "1E-3",
  "0012",
  "1/2",
  "1 1/2",
  "TRUE",
  "false",
  "12:30",
  "2024-01-05",
  "5 Jan 2024",
  "1,234",
  "50%",
  "$12",
  "#N/A",
  "'quoted",
  " 42 ",
];
