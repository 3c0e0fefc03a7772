/**
 * Compile-time only: `Fits<Real, Slice>` fails to compile when the host's real class (from
 * @types/google-apps-script or @types/office-js) no longer fits the slice the add-in and its
 * test fakes use, naming the member that drifted. Erased from every bundle.
 */
export type Fits<Real extends Slice, Slice> = [Real, Slice];
