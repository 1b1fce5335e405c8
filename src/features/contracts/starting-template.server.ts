import type { ContractTemplate } from './contracts';

/**
 * A fresh install's agreement: a plain puppy sales agreement to start from. It says at the top
 * that it is a starting point: the product is not a lawyer, and she adapts it with her own
 * (decision 130). Every placeholder is one the template may name (shared/contracts.ts).
 */
export const startingTemplate: ContractTemplate = {
  title: 'Puppy Sales Agreement',
  breederName: '',
  text: `STARTING POINT: this agreement is a plain example to adapt with your own lawyer before you use it. Delete this paragraph once it says what you and your lawyer want it to say.

This agreement is made on {today} between {breeder} of {kennel} ("the Breeder") and {family} ("the Buyer"), email {email}, phone {phone}.

1. The puppy
The Breeder sells and the Buyer buys the puppy {puppy}, of the {litter} litter, born {born}.

2. Price and payment
The price is {price}. The Buyer has paid a deposit of {deposit}. The balance of {balance} is due on or before the go-home date, {goHomeDate}. The deposit holds the puppy for the Buyer and is not refundable unless the Breeder cannot deliver the puppy.

3. Health guarantee
The Breeder guarantees that the puppy is in good health on the go-home date, with age-appropriate vaccinations and deworming done, as recorded in the puppy's health record.
The Buyer has the puppy examined by a licensed veterinarian within 72 hours of going home. If that veterinarian finds the puppy unfit for sale because of a condition present on the go-home date, the Buyer may return the puppy for a full refund or a replacement puppy.
The Breeder guarantees the puppy against life-threatening congenital or hereditary defects for two years from the birth date, on a written diagnosis by a licensed veterinarian. The Breeder then offers a replacement puppy of equal value; the Buyer may keep the puppy. The guarantee does not cover illness or injury caused by accident, neglect, or conditions that are not hereditary.

4. Care
The Buyer agrees to give the puppy proper food, shelter, exercise, veterinary care and affection, and never to keep it in a way that harms it.

5. Spay and neuter
The puppy is sold as a companion pet. The Buyer agrees to spay or neuter the puppy by 18 months of age and not to breed it.

6. Rehoming
If the Buyer can no longer keep the dog at any age, the Buyer first offers it back to the Breeder before rehoming, selling or surrendering it.

7. The whole agreement
This is the whole agreement between the Breeder and the Buyer. Both sign it electronically and each keeps a copy.`,
};
