// The shape of a problem the reader finds in an object, in a module of its own so that the validators and the
// path formatter share it without importing one another.

/** A path into a YAML document: mapping keys and sequence indexes. */
export type YamlPath = (string | number)[];

/** What is wrong with an object, and where (the caller turns the path into a line and column). */
export interface ObjectIssue {
  path: YamlPath;
  message: string;
}
