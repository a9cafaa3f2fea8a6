/**
 * "Total Received" means one figure wherever it shows (dashboard, registry card, gift list): the
 * registry's totalReceived, the gifts given online that still count, before the 10% to charity.
 * Gifts given by hand, refunded gifts and disputed gifts have figures of their own.
 */
export const TOTAL_RECEIVED = 'Total Received';
export const TOTAL_RECEIVED_NOTE = 'given online, before the 10% to charity';
