import { describe, expect, it } from 'vitest';
import { plainPunctuation } from './plainPunctuation';

describe('plainPunctuation: a phone keyboard’s smart punctuation, as the shell needs it', () => {
  it('the course’s sed and jsonpath commands survive curly quotes and dashes', () => {
    expect(plainPunctuation('argocd app get checkout-dev —show-operation | sed -n ‘/^GROUP/,$p’')).toBe(
      "argocd app get checkout-dev --show-operation | sed -n '/^GROUP/,$p'",
    );
    expect(
      plainPunctuation('kubectl get deploy checkout -o jsonpath=“{.spec.template.spec.containers[0].image}”'),
    ).toBe('kubectl get deploy checkout -o jsonpath="{.spec.template.spec.containers[0].image}"');
    expect(plainPunctuation('kubectl –n checkout-dev get jobs')).toBe('kubectl -n checkout-dev get jobs');
  });

  it('leaves a plain line alone', () => {
    const line = "argocd app get x | grep -E 'Phase|Message'";
    expect(plainPunctuation(line)).toBe(line);
  });
});
