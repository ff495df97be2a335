// Placeholder: filled in by the resource's implementation.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ApplicationRepo {}
