/**
 * Problems in a RollingSync configuration, collected while steps are built and maxUpdate is read, and the
 * `InvalidRolloutConfig` message made from them (argocd-semantics.md §5.1 "Conditions";
 * applicationset/progressivesync/validation_issues.go, messages word for word).
 */

export interface InvalidMatchExpression {
  /** 0-based step index. */
  stepIndex: number;
  operator: string;
}

export interface InvalidMaxUpdate {
  stepIndex: number;
  /** The value as the user wrote it (Go `IntOrString.String()`). */
  maxUpdate: string;
}

export class ValidationIssues {
  invalidMatchExpressions: InvalidMatchExpression[] = [];
  /** App name → 0-based steps selecting it, in the order found. */
  duplicateAppSelections = new Map<string, number[]>();
  emptySteps: number[] = [];
  invalidMaxUpdates: InvalidMaxUpdate[] = [];

  hasIssues(): boolean {
    return (
      this.invalidMatchExpressions.length > 0 ||
      this.duplicateAppSelections.size > 0 ||
      this.emptySteps.length > 0 ||
      this.invalidMaxUpdates.length > 0
    );
  }

  alreadyExists(stepIndex: number, operator: string): boolean {
    return this.invalidMatchExpressions.some(
      (issue) => issue.stepIndex === stepIndex && issue.operator === operator,
    );
  }

  /** The first kind of issue found, in Go's order of precedence (`getConditionMessage`). */
  conditionMessage(): string {
    if (this.invalidMatchExpressions.length > 0) return this.invalidMatchExpressionMessage();
    if (this.duplicateAppSelections.size > 0) return this.duplicateAppSelectionMessage();
    if (this.invalidMaxUpdates.length > 0) return this.invalidMaxUpdateMessage();
    if (this.emptySteps.length > 0) return this.emptyStepsMessage();
    return '';
  }

  invalidMatchExpressionMessage(): string {
    const steps = this.invalidMatchExpressions.map((issue) => String(issue.stepIndex + 1));
    const operators = this.invalidMatchExpressions.map((issue) => issue.operator).join(', ');
    if (steps.length === 1) {
      return `Step ${steps[0]} has invalid matchExpression operators: ${operators}. Supported Operators are 'In' and 'NotIn'`;
    }
    return `Steps ${steps.join(', ')} have invalid matchExpression operators: ${operators}. Supported Operators are 'In' and 'NotIn'`;
  }

  duplicateAppSelectionMessage(): string {
    const names = [...this.duplicateAppSelections.keys()].sort(goCompare);
    const steps = names.map((name) =>
      (this.duplicateAppSelections.get(name) ?? []).map((step) => String(step + 1)).join('-'),
    );
    if (names.length === 1)
      return `Application '${names[0]}' is selected by multiple steps: (${steps.join(', ')})`;
    return `Applications '${names.join("', '")}' are selected by multiple steps: [(${steps.join('), (')})]`;
  }

  invalidMaxUpdateMessage(): string {
    const steps = this.invalidMaxUpdates.map((issue) => String(issue.stepIndex + 1));
    const values = this.invalidMaxUpdates.map((issue) => issue.maxUpdate);
    if (steps.length === 1) return `Step ${steps[0]} has an invalid maxUpdate value: ${values[0]}`;
    return `Steps ${steps.join(', ')} have invalid maxUpdate values: [${values.join(', ')}]`;
  }

  /** Go prints a `[]string` with `%v` as `[1 5]`. */
  emptyStepsMessage(): string {
    return `Steps [${this.emptySteps.map((step) => String(step + 1)).join(' ')}] have no applications matching their criteria`;
  }
}

/** Go's byte-order string comparison (`sort.Strings`, `slices.Sorted`). */
export function goCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
