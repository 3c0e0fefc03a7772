/**
 * Product names a spreadsheet would not keep as typed (issue 22's 38 probes and more): formula
 * starts behind blanks, invisible characters, a BOM or an IME's full-width or small sign; the
 * minus sign; numbers in other scripts' digits and locales; hex; dates, times, percents,
 * booleans and errors; a leading apostrophe; text Univer reads as an array or strips quotes from.
 * Every host must read each back as exactly this string.
 */
export const TRICKY_TEXTS: readonly string[] = [
  // Formula starts.
  '=HYPERLINK("http://x","y")',
  "=1+1",
  "+1+1",
  "-1+1",
  "@SUM(A1)",
  "-x Bundle",
  "+Plus Size",
  'DDE("cmd")',
  "=cmd|' /C calc'!A0",
  // Behind something a host drops first.
  " =1+1",
  "\t=1+1",
  "\r=1+1",
  "\n=1+1",
  '\uFEFF=HYPERLINK("http://x","y")',
  "\u200B=1+1",
  "\u200E=1+1",
  "\u200F=1+1",
  "\u00AD=1+1",
  "\u2061=1+1",
  "\u180E=1+1",
  // Other forms of = + - @.
  "＝1+1",
  "＋1+1",
  "＠SUM(A1)",
  "﹦1+1",
  "−12",
  // Numbers.
  "1e5",
  "1E-3",
  "0012",
  "1,234",
  "1.234,56",
  "1 234",
  "12 €",
  "CHF 12",
  "$12",
  "(12)",
  "0x1F",
  "１２３",
  "١٢٣",
  "50%",
  "10%",
  " 42 ",
  // Dates and times.
  "1/2",
  "1 1/2",
  "12:30",
  "2024-01-05",
  "5 Jan 2024",
  // Booleans and errors.
  "TRUE",
  "false",
  "#N/A",
  "#DIV/0!",
  // Quotes and arrays.
  "'quoted",
  '"quoted"',
  "{1,2;3,4}",
];
