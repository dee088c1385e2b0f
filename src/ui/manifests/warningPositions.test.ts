import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../scenarios/manifests';
import { warningPositions } from './warningPositions';

describe('warningPositions: the reader warnings the manifest editor marks', () => {
  it("places a field the API server cannot decode at its value, in the reader's words, and keeps other files out", () => {
    const text =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: "3"\n' +
      '  revisionHistoryLimit: badValue\n';
    const warnings: string[] = [
      'scenario.yaml:3:1: duplicate key "a": the last value is used, as Argo CD does',
    ];
    parseManifests(text, 'web (edited)', { warnings });
    const marks = warningPositions(warnings, 'web (edited)');
    expect(marks.map((w) => [w.line, w.column])).toEqual([
      [6, 13],
      [7, 25],
    ]);
    expect(marks[1].message).toBe(
      'spec.revisionHistoryLimit: the API server will refuse this object at sync: Deployment in version "v1" ' +
        'cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field ' +
        'DeploymentSpec.spec.revisionHistoryLimit of type int32',
    );
  });
});
