// Its own file: the store and its file format both throw it without importing each other.
/** A store problem worth telling the user as is (bad prefix, damaged file, lock held). */
export class KeyStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyStoreError";
  }
}
