/** The demo data's clock: every fixture time is counted back from the seed's `now`. */

const DAY = 86_400_000;

/** A date's `YYYY-MM-DD` in UTC. */
export function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Turns the fixtures' day counts into instants and dates relative to `now`. */
export class DemoClock {
  private readonly monthStart: Date;

  constructor(readonly now: Date) {
    this.monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  /** `days` (fractions allowed) before now. */
  ago(days: number): Date {
    return new Date(this.now.getTime() - days * DAY);
  }

  /** `days` ago, but never before the first instant of the current calendar month. */
  thisMonth(days: number): Date {
    return new Date(Math.max(this.monthStart.getTime(), this.now.getTime() - days * DAY));
  }

  /** The date `days` from now. */
  inDays(days: number): string {
    return dateOnly(new Date(this.now.getTime() + days * DAY));
  }

  /** The fiscal year (labelled by the calendar year it starts in) containing now. */
  fiscalYear(startMonth: number): number {
    const year = this.now.getUTCFullYear();
    return this.now.getUTCMonth() + 1 >= startMonth ? year : year - 1;
  }
}
