import { describe, expect, it } from 'vitest';
import { handoffTarget, handoffWords, isHiddenTool } from './tool-presentation.js';

describe('tool presentation', () => {
  it('hides finish and the hand-off tools, and shows every other tool', () => {
    expect(isHiddenTool('finish')).toBe(true);
    expect(isHiddenTool('transfer_to_refunds')).toBe(true);
    expect(isHiddenTool('checkRefund')).toBe(false);
  });

  it('names the agent a hand-off tool hands to, in the words of its line', () => {
    expect(handoffTarget('transfer_to_refunds')).toBe('refunds');
    expect(handoffTarget('refundOrder')).toBeUndefined();
    expect(handoffWords('refunds')).toBe('Handed to Refunds');
    expect(handoffWords('orderAssistant')).toBe('Handed to the assistant');
    expect(handoffWords('billing')).toBe('Handed to billing');
  });
});
