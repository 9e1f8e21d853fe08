import type { MessagingConfig } from '../env';
import { logMessenger } from './log-provider';
import type { Messenger, MessengerOptions } from './messenger';
import { smsMessenger } from './sms-provider';
import { whatsappMessenger } from './whatsapp-provider';

/** The provider MESSAGE_PROVIDER names, with its keys. */
export function createMessenger(config: MessagingConfig, options: MessengerOptions): Messenger {
  switch (config.provider) {
    case 'whatsapp':
      return whatsappMessenger(config, options);
    case 'sms':
      return smsMessenger(config, options);
    case 'log':
      return logMessenger(options);
  }
}
