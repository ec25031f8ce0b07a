import type { Database } from '../../db/client';
import { CouponsService } from './coupons.service';
import { PackagesService } from './packages.service';
import { ReferralsService } from './referrals.service';

export type CommerceAdminDeps = { db: Database };

/** Packages, coupons (Master's side and the Payment modal's check) and referrals, one service each. */
export class CommerceAdminService {
  readonly packages: PackagesService;
  readonly coupons: CouponsService;
  readonly referrals: ReferralsService;

  constructor(readonly deps: CommerceAdminDeps) {
    this.packages = new PackagesService(deps);
    this.coupons = new CouponsService(deps);
    this.referrals = new ReferralsService(deps);
  }
}
