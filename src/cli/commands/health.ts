import { applyDefaults, escapeControl, healthOf, type HealthOverrides, isInputError } from '../../engine';
import { safeJson } from '../safeJson';
import { parseWarned } from '../parseWarned';
import { exitUsage, readFailure, type Command } from '../command';
import { argocdCmOverrides } from './argocdCm';
import { luaLimitError } from '../../lua/luaLimitError';
import { builtinLuaChecks } from '../../lua/builtin/builtinLuaChecks';

export const healthUsage = `usage: sim health FILE [FILE ...] [--argocd-cm FILE]

Prints one JSON line per object: {"kind":"…","name":"…","status":"Healthy","message":"…"}.
The object is assessed as written (status included) with Argo CD's health checks, after the
API server's defaults are applied. "status" is null for a kind without a health check.
--argocd-cm FILE applies that ConfigMap's resource.customizations.health.* Lua first.
`;

/**
 * `sim health FILE…` (contract.md §1.3). The line has the same four keys for every object: a kind without a
 * health check gets `"status":null` and `"message":""`, as Argo CD's own JSON leaves an empty message out
 * rather than giving it another type, so consumers never need a null check on the message. An object with
 * only `generateName` is printed under that prefix. All files are read and checked before anything is
 * printed, so bad input leaves stdout empty.
 */
export const health: Command = (args, io) => {
  const files: string[] = [];
  let argocdCm: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') {
      io.stdout(healthUsage);
      return 0;
    }
    if (arg === '--argocd-cm' || arg.startsWith('--argocd-cm=')) {
      argocdCm = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      if (!argocdCm) return usageError(io, 'option --argocd-cm needs a value');
      continue;
    }
    if (arg.startsWith('-')) return usageError(io, `unknown option ${arg}`);
    files.push(arg);
  }
  if (files.length === 0) return usageError(io, 'no file given');

  // Every built-in Lua check, PodDisruptionBudget's too: an object is assessed with the status it is written with,
  // so the missing disruption controller of a simulation (simulatedBuiltinLuaChecks) does not matter here.
  let overrides: HealthOverrides = argocdCmOverrides(undefined, undefined, builtinLuaChecks);
  if (argocdCm !== undefined) {
    let text: string;
    try {
      text = io.readFile(argocdCm);
    } catch (error) {
      io.stderr(`sim health: cannot read ${argocdCm}: ${readFailure(error)}\n`);
      return exitUsage;
    }
    try {
      overrides = argocdCmOverrides(text, argocdCm, builtinLuaChecks);
    } catch (error) {
      if (!isInputError(error)) throw error;
      io.stderr(`${error.message}\n`);
      return exitUsage;
    }
  }
  const lines: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (error) {
      io.stderr(`sim health: ${escapeControl(`cannot read ${file}: ${readFailure(error)}`)}\n`);
      return exitUsage;
    }
    let objects;
    try {
      // Health never reads the name, so unnamed objects are assessed too (as `gitops-engine` tests do).
      objects = parseWarned(io, text, file, { requireName: false });
    } catch (error) {
      if (!isInputError(error)) throw error;
      io.stderr(`${escapeControl(error.message)}\n`);
      return exitUsage;
    }
    for (const { object: written } of objects) {
      // gitops-engine's own testdata has objects without metadata at all (application-healthy.yaml): an
      // object is assessed as Argo CD reads it, with empty metadata.
      const object = written.metadata ? written : { ...written, metadata: {} };
      const assessed = healthOf(applyDefaults(object), { overrides });
      const name = object.metadata.name ?? object.metadata.generateName ?? '';
      const line = {
        kind: object.kind,
        name,
        status: assessed?.status ?? null,
        message: assessed?.message ?? '',
      };
      lines.push(`${safeJson(line)}\n`);
    }
  }
  // A health Lua stopped by a limit gives no health: bad input, at its argocd-cm entry.
  const stopped = luaLimitError(overrides);
  if (stopped) {
    io.stderr(`sim health: ${escapeControl(stopped.message)}\n`);
    return exitUsage;
  }
  io.stdout(lines.join(''));
  return 0;
};

function usageError(io: Parameters<Command>[1], problem: string): number {
  io.stderr(`sim health: ${escapeControl(problem)}\n${healthUsage}`);
  return exitUsage;
}
