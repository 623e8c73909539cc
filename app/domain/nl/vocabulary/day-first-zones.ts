/**
 * Zones whose people write day/month ("3/4" = 3 April); elsewhere month/day, chrono's default.
 * Either way chrono falls back to the other order when the first cannot be a date ("14/3").
 */
export const DAY_FIRST_ZONE_RE =
  /^(?:Europe|Africa|Australia|Atlantic|Indian)\/|^(?:Pacific\/(?:Auckland|Fiji|Chatham)|Asia\/(?:Kolkata|Calcutta|Dubai|Singapore|Hong_Kong|Kuala_Lumpur|Jakarta|Karachi|Dhaka|Jerusalem|Tel_Aviv|Riyadh|Qatar|Bangkok|Ho_Chi_Minh|Colombo|Kathmandu)|America\/(?:Sao_Paulo|Argentina\/.*|Buenos_Aires|Mexico_City|Bogota|Lima|Santiago|Caracas|Montevideo|La_Paz|Asuncion|Guayaquil))$/;
