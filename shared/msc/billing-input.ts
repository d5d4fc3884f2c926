/** Area B of the contract: billing periods, templates, filled templates and check results. */
import { z } from 'zod';
import {
  ALLOCATION_CODES,
  COST_TYPE_CODES,
  DISTRIBUTION_UNIT_CODES,
  ENERGY_SOURCE_CODES,
  FUEL_CODES,
  HOT_WATER_METHOD_CODES,
  QUANTITY_UNIT_CODES,
  TAX_SERVICE_TYPE_CODES,
  USER_CHANGE_SPLIT_CODES,
  VAT_INDICATOR_CODES,
} from '@shared/domain/codes';
import {
  AllocationValueString,
  Amounts,
  AreaString,
  BillingUnitNumber,
  EmissionFactorString,
  IsoDate,
  IsoTimestamp,
  MoneyString,
  PmNumber,
  QuantityString,
  ResidentialUnitMscNumber,
  ShareString,
  Text,
} from '@shared/msc/primitives';

const codeEnum = (codes: [string, ...string[]], what: string) =>
  z.enum(codes, { message: `ist kein bekannter Code für ${what} (erlaubt: ${codes.join(', ')})` });

export const FuelCode = codeEnum(FUEL_CODES, 'Brennstoffe (Tabelle B)');
export const CostTypeCode = codeEnum(COST_TYPE_CODES, 'Kostenarten (Tabelle K)');
export const DistributionUnitCode = codeEnum(DISTRIBUTION_UNIT_CODES, 'Verteilerschlüssel (Tabelle E)');
export const EnergySourceCode = codeEnum(ENERGY_SOURCE_CODES, 'Energieträger (Tabelle M)');
export const TaxServiceTypeCode = codeEnum(TAX_SERVICE_TYPE_CODES, 'Leistungsarten §35a (Tabelle L)');
export const AllocationCode = codeEnum(ALLOCATION_CODES, 'Umlagearten (E/H/W/K/A/B)');
export const HotWaterMethodCode = codeEnum(HOT_WATER_METHOD_CODES, 'Warmwasser-Abtrennung (Tabelle T)');
export const UserChangeSplitCode = codeEnum(USER_CHANGE_SPLIT_CODES, 'die Aufteilung beim Nutzerwechsel (Tabelle S)');
export const VatIndicatorCode = codeEnum(VAT_INDICATOR_CODES, 'den Umsatzsteuer-Ausweis (M-Satz Feld 25)');

/** A usage group (ARGE K record field 16, four characters), e.g. `GEW` for the shop of a mixed-use building. */
export const UsageGroupKey = z
  .string()
  .regex(/^[A-Za-z0-9]{1,4}$/, { message: 'muss ein Kürzel aus 1 bis 4 Buchstaben oder Ziffern sein (z. B. GEW)' })
  .meta({ examples: ['GEW'] });

/** Mean hot-water temperature in °C with up to two places (ARGE B record field 18, "2,2"). */
export const TemperatureString = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, {
    message: 'muss eine Temperatur in °C mit höchstens zwei Nachkommastellen sein (z. B. 55.00)',
  })
  .meta({ examples: ['55.00'] });
export const Currency = z.enum(['EUR'], { message: 'muss EUR sein' });
export const ExpectedVat = z.enum(['GROSS', 'NET', 'BOTH']).meta({ id: 'ExpectedVat' });
export type ExpectedVat = z.infer<typeof ExpectedVat>;

export const Action = z.enum(['VALIDATE', 'SEND', 'SEND_AND_IGNORE_WARNINGS'], {
  message: 'muss VALIDATE, SEND oder SEND_AND_IGNORE_WARNINGS sein',
});
export type Action = z.infer<typeof Action>;
export const ActionQuery = z.object({ action: Action }).strict();

export const PeriodStatus = z.enum(['OPEN', 'COMMISSIONED', 'BILLED']).meta({ id: 'PeriodStatus' });
export type PeriodStatus = z.infer<typeof PeriodStatus>;

export const DateRange = z.object({ from: IsoDate, to: IsoDate }).strict().meta({ id: 'DateRange' });

export const BillingPeriod = z
  .object({
    from: IsoDate,
    to: IsoDate,
    status: PeriodStatus,
    deadline: IsoDate.optional(),
    lastsubmission: z
      .object({ transactionid: z.string().min(1), at: IsoTimestamp })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: 'BillingPeriod', description: 'Abrechnungszeitraum (AZ); `to` identifies it in paths.' });
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export const BillingPeriodList = z
  .object({ billingperiods: z.array(BillingPeriod) })
  .strict()
  .meta({ id: 'BillingPeriodList' });
export type BillingPeriodList = z.infer<typeof BillingPeriodList>;

/** Calorific value in kWh per unit of the fuel (ARGE B record field 9, "7,4"); kWh-measured fuels have 1. */
export const CalorificValueString = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, {
    message: 'muss ein Heizwert in kWh je Mengeneinheit mit höchstens vier Nachkommastellen sein (z. B. 10.0800)',
  })
  .meta({ examples: ['10.0800'] });

export const Stock = z.object({ date: IsoDate, quantity: QuantityString, amounts: Amounts }).strict().meta({ id: 'Stock' });
export type Stock = z.infer<typeof Stock>;

export const TemplateFuel = z
  .object({
    slot: z.int().min(1).max(2),
    fuel: FuelCode,
    unit: z.enum(QUANTITY_UNIT_CODES),
    stored: z.boolean(),
    openingstockpreset: Stock.optional(),
    calorificvalue: CalorificValueString.optional().meta({
      description: 'Preset by the MSC; the app copies it into energysources[].calorificvalue.',
    }),
  })
  .strict()
  .meta({ id: 'TemplateFuel' });

export const TemplateCostType = z
  .object({ key: CostTypeCode, text: Text(60), allocation: AllocationCode, allocationkey: DistributionUnitCode })
  .strict()
  .meta({ id: 'TemplateCostType' });

export const TemplateDistributionKey = z
  .object({ key: DistributionUnitCode, text: Text(60) })
  .strict()
  .meta({ id: 'TemplateDistributionKey' });

export const TemplateRecipient = z
  .object({
    residentialunitMscnumber: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber,
    partnerPmnumber: PmNumber,
    name: Text(70),
    validfrom: IsoDate,
    validto: IsoDate.optional(),
    vacancy: z.boolean(),
    usagegroup: UsageGroupKey.optional().meta({
      description: 'The usage group (template `usagegroups`) the unit belongs to, e.g. a shop in a residential building.',
    }),
  })
  .strict()
  .meta({ id: 'TemplateRecipient', description: 'A billing recipient as delivered via On-Site-Roles 2.0.' });
export type TemplateRecipient = z.infer<typeof TemplateRecipient>;

const BaseConsumption = z.object({ base: ShareString, consumption: ShareString }).strict();

/** Property facts the CO2 cost split (CO2KostAufG) needs: preset by the MSC in the template, sent back in the fill. */
const Co2Facts = {
  heatedarea: AreaString.optional().meta({
    description:
      "The dwellings' floor area (Wohnfläche per WoFlV) in m², the area CO2KostAufG divides the building's CO2 by (§5); no ARGE field. The name is historical: not the heated area of table E 011.",
  }),
  nonresidentialshare: ShareString.optional().meta({ description: 'Share of the area used non-residentially, in %.' }),
  restrictionbuilding: z
    .boolean()
    .optional()
    .meta({ description: '§9 (1) CO2KostAufG: public-law rules prevent an energy upgrade of the building.' }),
  restrictionsupply: z
    .boolean()
    .optional()
    .meta({ description: '§9 (1) CO2KostAufG: public-law rules prevent an upgrade of the heat and hot-water supply.' }),
};

export const Co2Configuration = z
  .object({ applicable: z.boolean(), nonresidential: z.boolean(), ...Co2Facts })
  .strict()
  .meta({ id: 'Co2Configuration' });

export const Co2Inputs = z.object(Co2Facts).strict().meta({
  id: 'Co2Inputs',
  description: "The property facts for the CO2 cost split, as confirmed by the PM (the template's values preset).",
});
export type Co2Inputs = z.infer<typeof Co2Inputs>;

export const TemplateUsageGroup = z
  .object({ key: UsageGroupKey, text: Text(60) })
  .strict()
  .meta({ id: 'TemplateUsageGroup', description: 'A usage group for mixed use (ARGE K record field 16).' });

export const TemplateHotWater = z
  .object({
    method: HotWaterMethodCode.meta({ description: 'How hot-water heat is separated (ARGE table T, HeizkostenV §9).' }),
    temperature: TemperatureString.optional().meta({ description: 'Preset mean hot-water temperature (B field 18).' }),
    flatrate: ShareString.optional().meta({ description: 'Preset flat-rate hot-water share in % (B field 20).' }),
  })
  .strict()
  .meta({ id: 'TemplateHotWater' });

export const Template = z
  .object({
    billingunitMscnumber: BillingUnitNumber,
    billingperiod: DateRange,
    currency: Currency,
    expectedvat: ExpectedVat,
    fuels: z.array(TemplateFuel).max(2),
    costtypes: z.array(TemplateCostType),
    distributionkeys: z.array(TemplateDistributionKey),
    billingrecipients: z.array(TemplateRecipient),
    distributionratio: z.object({ heating: BaseConsumption, hotwater: BaseConsumption }).strict(),
    co2configuration: Co2Configuration,
    hotwater: TemplateHotWater.optional(),
    usagegroups: z.array(TemplateUsageGroup).max(20).optional(),
    condominium: z
      .boolean()
      .optional()
      .meta({ description: 'The property is a condominium (WEG) as the MSC has it on file for this period.' }),
  })
  .strict()
  .meta({ id: 'Template', description: 'Schablone: what the MSC agreed for this billing period.' });
export type Template = z.infer<typeof Template>;

export const Co2Figures = z
  .object({
    emissionfactor: EmissionFactorString,
    emissionkg: QuantityString,
    costgross: MoneyString,
    costnet: MoneyString.optional().meta({ description: 'The CO2 cost net of VAT, as the supplier states it.' }),
  })
  .strict()
  .meta({ id: 'Co2Figures' });

export const EnergyMixPart = z.object({ source: EnergySourceCode, share: ShareString }).strict().meta({ id: 'EnergyMixPart' });

/** Leistungszeitraum: what an invoice or delivery is for; the period check (DATE_OUTSIDE_PERIOD) judges by it. */
const ServicePeriod = {
  servicefrom: IsoDate.optional().meta({ description: 'First day of the service period (Leistungszeitraum) the bill is for.' }),
  serviceto: IsoDate.optional().meta({ description: 'Last day of the service period (Leistungszeitraum) the bill is for.' }),
};

export const Delivery = z
  .object({
    invoicedate: IsoDate,
    ...ServicePeriod,
    quantity: QuantityString.optional(),
    amounts: Amounts,
    co2: Co2Figures.optional(),
    energymix: z.array(EnergyMixPart).max(6).optional(),
  })
  .strict()
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

/**
 * ARGE B record fields 24–27: the first and second period in which this fuel supplied the heating (24, 25) and the
 * hot water (26, 27), e.g. when oil gave way to gas during the year.
 */
export const SupplyPeriods = z
  .object({
    heating1: DateRange.optional(),
    heating2: DateRange.optional(),
    hotwater1: DateRange.optional(),
    hotwater2: DateRange.optional(),
  })
  .strict()
  .meta({ id: 'SupplyPeriods' });
export type SupplyPeriods = z.infer<typeof SupplyPeriods>;

export const EnergySource = z
  .object({
    slot: z.int().min(1).max(2),
    fuel: FuelCode,
    calorificvalue: CalorificValueString.optional(),
    openingstock: Stock.optional(),
    closingstock: Stock.optional(),
    deliveries: z.array(Delivery),
    supply: SupplyPeriods.optional().meta({
      description: 'When this fuel supplied heating and hot water (B fields 24–27); left out when all period long.',
    }),
  })
  .strict()
  .meta({ id: 'EnergySource' });
export type EnergySource = z.infer<typeof EnergySource>;

export const Invoice = z
  .object({
    cost: z.object({ key: CostTypeCode, text: Text(60).optional() }).strict(),
    allocationkey: DistributionUnitCode.optional(),
    invoicedate: IsoDate,
    ...ServicePeriod,
    quantity: QuantityString.optional(),
    amounts: Amounts,
    taxservicetype: TaxServiceTypeCode.optional(),
    laborgross: MoneyString.optional(),
    usagegroup: UsageGroupKey.optional().meta({ description: 'K field 16: the usage group this cost belongs to alone.' }),
  })
  .strict()
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

export const Prepayments = z
  .object({ heating: Amounts.optional(), hotwater: Amounts.optional(), coldwater: Amounts.optional() })
  .strict()
  .meta({ id: 'Prepayments' });

export const RecipientEntry = z
  .object({
    residentialunitMscnumber: ResidentialUnitMscNumber,
    residentialunitPmnumber: PmNumber.optional(),
    partnerPmnumber: PmNumber,
    validfrom: IsoDate,
    validto: IsoDate,
    vacancy: z.boolean(),
    prepayments: Prepayments.optional(),
    allocations: z.array(z.object({ key: DistributionUnitCode, value: AllocationValueString }).strict()),
    vatindicator: VatIndicatorCode.optional().meta({ description: 'M field 25: whether the bill shows VAT.' }),
    changesplit: UserChangeSplitCode.optional().meta({
      description: 'At a tenant change (table S): 12 intermediate reading taken, 13 by days, 14 by degree days.',
    }),
    changefee: z
      .boolean()
      .optional()
      .meta({ description: 'M field 68: the user-change fee is charged to this user (false: the landlord pays it).' }),
  })
  .strict()
  .meta({ id: 'RecipientEntry' });
export type RecipientEntry = z.infer<typeof RecipientEntry>;

/**
 * Hot-water figures of HeizkostenV §9 (ARGE B record fields 18–22, written into the B record of the fuel that
 * heats the water): which of them the agreed method needs is said by table T (codes.ts `needs`).
 */
export const HotWaterFigures = z
  .object({
    temperature: TemperatureString.optional().meta({ description: 'B field 18: mean hot-water temperature in °C.' }),
    volume: QuantityString.optional().meta({ description: 'B field 19: hot water used in the period, in m³.' }),
    flatrate: ShareString.optional().meta({ description: 'B field 20: flat-rate share of hot water in % of the costs.' }),
    meterstart: QuantityString.optional().meta({ description: 'B field 21: reading of the hot-water meter at the start.' }),
    meterend: QuantityString.optional().meta({ description: 'B field 22: reading of the hot-water meter at the end.' }),
  })
  .strict()
  .meta({ id: 'HotWaterFigures' });
export type HotWaterFigures = z.infer<typeof HotWaterFigures>;

export const FilledTemplate = z
  .object({
    currency: Currency,
    expectedvat: ExpectedVat,
    energysources: z.array(EnergySource).max(2),
    heatingsysteminvoices: z.array(Invoice),
    ancillaryinvoices: z.array(Invoice),
    billingrecipients: z.array(RecipientEntry),
    co2configuration: Co2Inputs.optional(),
    hotwater: HotWaterFigures.optional(),
    condominium: z.boolean().optional().meta({ description: 'The property is a condominium (WEG); the template presets it.' }),
  })
  .strict()
  .meta({ id: 'FilledTemplate', description: 'The filled template posted for a test check or a binding submission.' });
export type FilledTemplate = z.infer<typeof FilledTemplate>;

export const MessageType = z.enum(['ERROR', 'WARNING', 'INFO']).meta({ id: 'MessageType' });
export type MessageType = z.infer<typeof MessageType>;

export const CheckMessage = z
  .object({
    type: MessageType,
    shortmessage: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, { message: 'muss ein stabiler Code in Großbuchstaben sein' })
      .meta({ description: "A stable code; the demo MSC's codes, severities and paths are listed in docs/msc-rules.md." }),
    message: z.string().min(1),
    path: z.string(),
  })
  .strict()
  .meta({ id: 'CheckMessage' });
export type CheckMessage = z.infer<typeof CheckMessage>;

export const SendAccepted = z
  .object({ transactionid: z.string().min(1), commissioned: z.literal(true) })
  .strict()
  .meta({ id: 'SendAccepted' });
export type SendAccepted = z.infer<typeof SendAccepted>;
