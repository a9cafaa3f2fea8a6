/** The gift form's values, as its state holds them (use-gift-form-state.ts). */
export interface GiftFormValues {
  charityId: string;
  giftGiverName: string;
  giftGiverEmail: string;
  /** As typed or picked; read into cents as the server reads the wire (core/read-amount.ts). */
  amount: string;
  personalMessage: string;
}
