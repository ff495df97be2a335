/** The account's notification grouping (issue 18); the default applies until an account sets it. */
export interface NotificationSettings {
  /** Notifications to one recipient on one channel due within this many seconds go as one message; 0 is off. */
  groupWaitS: number;
}

export interface NotificationSettingsRepo {
  get(accountId: number): Promise<NotificationSettings>;
  set(accountId: number, settings: NotificationSettings, now: number): Promise<NotificationSettings>;
}
