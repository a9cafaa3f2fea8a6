import type { SandboxDisputeDelays } from '../../bootstrap/payment-gateway';

/**
 * The sandbox's card issuer, quicker than the few seconds it takes for a person trying the product:
 * still after the payment and after the evidence, as the tests of disputes wait for it.
 */
export const quickDisputes: SandboxDisputeDelays = { disputeAfterMs: 300, decideAfterMs: 200 };
