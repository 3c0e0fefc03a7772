/**
 * The web demo: a real spreadsheet (the Univer engine) whose cells compute every catalog
 * function through the same async runtime as Excel's custom functions, beside the shared
 * sidebar app. The API address is the saved setting or the build's default; a link's
 * `?api=http://127.0.0.1:PORT` is only offered (apiOffer.ts), because the saved key goes with
 * every request. Tests inspect the sheets through `window.__sheets`.
 */
import { CATALOG } from "../../functions";
import { mountApp } from "../../ui/app";
import { createAsyncHostBridge, SETTING } from "../shared/asyncBridge";
import { readAsyncSettings } from "../shared/asyncSettings";
import { WEB_PLACES, withPlaces } from "../shared/places";
import { webChecks } from "./webChecks";
import { fetchTransport as browserFetchTransport } from "../shared/fetchTransport";
import { ExcelSession } from "../shared/session";
import { FormulaCells } from "./formulaCells";
import { localOfficeStorage } from "./localOfficeStorage";
import { localSettings } from "./localSettings";
import { mountApiBar, withoutApiParameter } from "./apiOffer";
import { registerCatalog, startEngine, undoWatch } from "./univer/engine";
import { tableRoom } from "./univer/tableRoom";
import { answerFormats } from "./univer/answerFormats";
import { sheetsInspector } from "./univer/inspector";
import { mountMessageBar } from "./univer/messageBar";
import { keepWorkbookSaved, loadWorkbook } from "./univer/savedWorkbook";
import { UniverWorkbook } from "./univer/univerWorkbook";
import { forgettingUndo } from "./univer/addinUndo";
import { webRefresher } from "./webRefresher";
import { showSaveProblem } from "./saveBanner";
import { changesLostOnReload, guardUnsavedChanges } from "./lostChanges";
import { WEB_CACHE_BUDGET, indexedDbWorkbook, newSaveState } from "./workbookStorage";
import { holdWorkbook } from "./oneTab";
import { cellBookReader } from "../shared/cellBook";
import type { ManagedSheets } from "../../sidebar/ports";

declare const MKT_DEFAULT_BASE_URL: string;

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`index.html lacks #${id}`);
  return found;
}

async function start(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const defaultBaseUrl =
    typeof MKT_DEFAULT_BASE_URL === "string" ? MKT_DEFAULT_BASE_URL : "http://localhost:8787";
  const settings = localSettings();
  // A link's ?api= is asked about, never applied: saved (and used) only after "Use it".
  const apiBar = mountApiBar(element("api-bar"), {
    linked: params.get("api"),
    current: async () => (await readAsyncSettings(settings, defaultBaseUrl)).baseUrl,
    use: (address) => {
      window.localStorage.setItem(SETTING.baseUrl, address);
      window.location.replace(withoutApiParameter(window.location.href));
    },
    keep: () => window.history.replaceState(null, "", withoutApiParameter(window.location.href)),
    framed: window.top !== window.self,
  });
  const storage = localOfficeStorage();
  const transport = browserFetchTransport();
  // Cached answers keep to a fifth of localStorage: the settings and the key live there too.
  // The workbook opens below; cells read its cost book (where turned on) once it has.
  let tables: (() => ManagedSheets) | null = null;
  const session = new ExcelSession({
    storage,
    defaultBaseUrl,
    transport,
    cacheBudgetBytes: WEB_CACHE_BUDGET,
    costBook: cellBookReader(() => {
      if (!tables) throw new Error("the workbook is not open yet");
      return tables();
    }),
  });
  // A second tab waits for the first to close: two copies of one workbook undo each other.
  await holdWorkbook(navigator.locks, element("save-problem"));
  const saves = newSaveState();
  const openedAt = Date.now();
  // The workbook is in IndexedDB (an older page's in localStorage moves there, once).
  const workbooks = indexedDbWorkbook();
  const opened = await loadWorkbook(workbooks, window.localStorage, saves, window.sessionStorage);
  const engine = startEngine(element("grid"), opened.data);
  const book = new UniverWorkbook(engine);
  tables = () => book.managed;
  const recalculate = (): void => engine.getFormula().executeCalculation();
  const cells = new FormulaCells({
    session,
    recalculate,
    onFormats: answerFormats(engine),
    onTable: tableRoom(engine),
  });
  registerCatalog(engine, CATALOG, cells);
  // A saved workbook was computed before the catalog existed in this page: its spilled tables
  // show their first cell and its errors no reason. One pass once the engine is steady
  // recomputes them (from the cache kept in the browser, so it asks the API nothing new).
  // (The engine may call this at once, with the stage it is already in.)
  let recomputed = false;
  engine.addEvent(engine.Event.LifeCycleChanged, ({ stage }) => {
    if (recomputed || stage !== engine.Enum.LifecycleStages.Steady) return;
    recomputed = true;
    setTimeout(recalculate, 0);
  });
  let address: string | null = null;
  void readAsyncSettings(settings, defaultBaseUrl).then((now) => (address ??= now.baseUrl));
  const refresher = webRefresher({
    session,
    cells,
    storage,
    recalculate,
    selection: () => book.selection(),
  });
  // Cells that failed for a passing reason (timeout, no connection, 5xx) ask again by themselves.
  session.reask.attach((addresses) => refresher.rerunAt(addresses));
  const bridge = createAsyncHostBridge({
    host: "web",
    look: params.get("look") === "google" ? "google" : "fluent",
    formulaPrefix: "",
    storage: settings,
    // Ctrl+Z undoes what the seller did, not the add-in's writes (addinUndo.ts).
    workbook: forgettingUndo(book, undoWatch(engine)),
    transport,
    defaultBaseUrl,
    autoRefreshLabel: null,
    // One queue and one 60 a minute for the cells and the sidebar.
    scheduling: session.scheduling,
    refresher,
    onSettingsChanged: () => {
      session.reloadSettings();
      void apiBar.update();
      // Cells that failed against the old address ask the new one: the seller just fixed it.
      void readAsyncSettings(settings, defaultBaseUrl).then((now) => {
        const changed = address !== null && now.baseUrl !== address;
        address = now.baseUrl;
        return changed ? refresher.refresh("errors") : 0;
      });
    },
    onClearCache: () => refresher.clearCache(),
    hostChecks: () => webChecks(window.localStorage, saves),
    wholeStep: (step) => saveNow.whole(step),
  });
  const bar = mountMessageBar(element("cell-message"), engine, book, cells);
  // A save the browser refuses is said in red until one works; a reload then asks first, and
  // the next page says what was lost.
  const banner = element("save-problem");
  const warning = element("storage-warning");
  const noteSave = guardUnsavedChanges(window.sessionStorage, saves, openedAt);
  // What was lost stays said this visit: the engine's first recalculation saves (the same
  // workbook) before the seller has read it.
  const lost = changesLostOnReload(window.sessionStorage);
  showSaveProblem(banner, lost);
  const saveNow = keepWorkbookSaved(
    engine,
    workbooks,
    saves,
    (news) => {
      noteSave();
      // A note of what the last visit lost stays first: the storage may still be full.
      showSaveProblem(banner, [lost, news.problem].filter((m) => m !== null).join(" ") || null);
      // From 80 % of what the browser grants (the red line says more when a save failed).
      showSaveProblem(warning, news.problem === null ? news.warning : null);
      // A refreshed table's stamp (sheet metadata) raises no event the line hears: a moment
      // after each change it reads the active cell and the sheet's note again.
      bar.update();
    },
    opened.text,
    window.sessionStorage,
  );
  // A job's checkpoint is document metadata: kept as soon as the cells around it.
  book.onDocumentValue = saveNow.soon;
  if (opened.rescued) void saveNow();
  (window as unknown as { __sheets: unknown }).__sheets = sheetsInspector(book, cells);
  // Tests and benchmarks: save now, read how long saving and loading took, the workbook's
  // text as a save would keep it, and the engine's commands so far.
  // Commands the engine ran (a freeze of a sheet is a few, not one per cell): the tests.
  let commands = 0;
  engine.addEvent(engine.Event.CommandExecuted, () => void (commands += 1));
  (window as unknown as { __workbook: unknown }).__workbook = {
    commands: () => commands,
    save: saveNow,
    state: saves,
    text: () => JSON.stringify(engine.getActiveWorkbook()?.save() ?? null),
    // The team bench (bench/teamWeb.ts) runs the sidebar's jobs through the page's own bridge.
    bridge,
  };
  mountApp(element("sidebar"), withPlaces(bridge, WEB_PLACES));
}

if (document.readyState === "loading")
  document.addEventListener("DOMContentLoaded", () => void start());
else void start();
