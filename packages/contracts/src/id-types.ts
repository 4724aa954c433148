/** The eight ID types of spec S0.5.4 (their rules: id-card.ts). */
export const ID_TYPES = {
  idCard: 1,
  hkMacauPass: 2,
  taiwanPass: 3,
  hkMacauTaiwanId: 4,
  residencePermit: 5,
  foreignPermanentResidence: 6,
  passport: 7,
  militaryPoliceId: 8,
} as const;
export type IdType = (typeof ID_TYPES)[keyof typeof ID_TYPES];

/** Spec S0.5.4, S0.9.1: an ID card number has at most 18 characters. */
export const ID_CARD_MAX = 18;
