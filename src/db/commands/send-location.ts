import type { LocationValue } from '../../api/messages';
import { degreesText } from '../../domain/location-share';
import type { CommandResult } from '../command-result';
import { queueMessage } from './queue-message';
import { trackEvent } from '../analytics';
import { ANALYTICS_EVENT } from '../../domain/analytics';
import { getClient } from '../client';

/**
 * Shares a position (spec part 1 §3 client-created location: latitude and longitude as text,
 * CURRENT for the device position or CUSTOM for a picked place, a timestamp), through the outbox.
 */
export async function sendLocation(
  botUuid: string,
  place: { latitude: number; longitude: number; type: LocationValue['type']; address?: string },
): Promise<CommandResult<string>> {
  const location: LocationValue = {
    latitude: degreesText(place.latitude),
    longitude: degreesText(place.longitude),
    type: place.type,
    timestamp: Date.now(),
    ...(place.address ? { address: place.address } : {}),
  };
  const result = await queueMessage(botUuid, { type: 'location', location });
  // spec part 1 §4: a shared location tracks a media_uploaded event
  if (result.ok) await trackEvent(getClient().db, ANALYTICS_EVENT.mediaUploaded, { bot_uuid: botUuid, kind: 'location', location_type: place.type });
  return result;
}
