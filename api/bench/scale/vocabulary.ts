/**
 * Words the scale generator builds its records from: people's names, organisations, departments,
 * cost centres, GL accounts, vendors, a product catalogue and the phrases of procurement
 * justifications. Realistic on purpose: a search (`search=Uma`, a fragment of "consumables") must
 * meet the selectivity it meets in a real organisation, not the one of `Requisition 123456`.
 */

/** Splits a block of text into items: one per comma or line. */
const list = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Splits a block of `a | b | c` lines into tuples. */
const table = (text: string): string[][] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split('|').map((cell) => cell.trim()));

/** Given names ("Uma" is among them: the issue's search measures it). */
export const FIRST_NAMES = list(`
  Olivia, Liam, Charlotte, Noah, Amelia, Oliver, Isla, Jack, Mia, William, Ava, Henry, Grace, Leo, Chloe
  Thomas, Ella, James, Zoe, Lucas, Ruby, Ethan, Sophie, Harrison, Matilda, Samuel, Evie, Mason, Lily
  Hudson, Harper, Archie, Sienna, Alexander, Emily, Isaac, Willow, Charlie, Hannah, Max, Aria, Benjamin
  Ivy, Daniel, Layla, Joshua, Georgia, Ryan, Scarlett, Nathan, Priya, Arjun, Mei, Wei, Hiroshi, Yuki
  Fatima, Omar, Aisha, Mohammed, Sofia, Mateo, Lucia, Diego, Elena, Marco, Giulia, Luca, Anika, Rohan
  Sanjay, Deepa, Kavya, Uma, Tariq, Leila, Nikolai, Anastasia, Pieter, Femke, Sean, Siobhan, Connor
  Niamh, Tane, Aroha, Kai, Mere, Ngaio, Bronwyn, Craig, Darren, Kylie, Shane, Tracey, Warren, Leanne
  Rebecca, Michael, Sarah, David, Jessica, Andrew, Laura, Peter, Karen, Paul, Nicole, Mark, Rachel
  Stephen, Megan, Jason, Natalie, Adam, Emma, Christopher, Katherine, Matthew, Alice, Simon, Joanna
  Hamish, Fiona, Callum`);

/** Family names. */
export const LAST_NAMES = list(`
  Smith, Jones, Williams, Brown, Wilson, Taylor, Johnson, White, Martin, Anderson, Thompson, Nguyen
  Thomas, Walker, Harris, Lee, Ryan, Robinson, Kelly, King, Davis, Wright, Evans, Roberts, Green, Hall
  Wood, Jackson, Clarke, Patel, Khan, Singh, Chen, Wang, Li, Zhang, Liu, Tran, Pham, Kim, Park, Tanaka
  Sato, Suzuki, Murphy, O'Brien, Walsh, Byrne, McCarthy, Campbell, Stewart, MacDonald, Fraser, Mitchell
  Young, Scott, Morris, Cooper, Ward, Turner, Hughes, Edwards, Collins, Bell, Baker, Parker, Bennett
  Russo, Rossi, Esposito, Romano, Garcia, Martinez, Rodriguez, Lopez, Hernandez, Gonzalez, Silva
  Santos, Costa, Papadopoulos, Nikolaidis, Kowalski, Nowak, Schmidt, Muller, Fischer, Weber, Becker
  de Vries, Jansen, Bakker, Hansen, Larsen, Nielsen, Andersson, Johansson, Ahmed, Hassan, Ali
  Ibrahim, Sharma, Gupta, Iyer, Reddy, Menon, Rao, Ngata, Parata, Tipene, Henare, Cameron, Ross
  Murray, Graham, Watson, Price, Howard, Fletcher`);

/** First and second words of organisation names. */
export const ORG_PREFIXES = list(`
  Northwind, Southern Cross, Harbour, Eucalypt, Red Gum, Coastal, Bluewater, Ironbark, Summit
  Riverina, Pacific, Tasman, Goldfields, Highland, Meridian, Silver Creek, Banksia, Kestrel, Granite
  Wattle`);
export const ORG_SUFFIXES = list(`
  Holdings, Logistics, Health, Engineering, Foods, Energy, Constructions, Manufacturing, Freight
  Utilities, Education Group, Council, Mining Services, Retail Group, Agriculture`);

/** Departments: name | code. */
export const DEPARTMENTS = table(`
  Operations | OPS
  Finance | FIN
  Information Technology | IT
  Facilities | FAC
  Human Resources | HR
  Marketing | MKT
  Sales | SAL
  Legal | LEG
  Procurement | PRO
  Logistics | LOG
  Research and Development | RND
  Customer Service | CS
  Engineering | ENG
  Maintenance | MNT
  Fleet | FLT
  Health and Safety | WHS
  Quality Assurance | QA
  Warehouse | WH
  Administration | ADM
  Executive Office | EXE`) as [string, string][];

/** Cost centre themes, combined with a site to make each organisation's list. */
export const COST_CENTER_THEMES = list(`
  Corporate Services, Head Office, Plant Maintenance, Fleet Operations, Warehouse, IT Services
  Field Services, Customer Support, Marketing Campaigns, Research Lab, Training, Workplace Safety
  Capital Projects, Site Security, Distribution Centre`);
export const SITES = list('Sydney, Melbourne, Brisbane, Perth, Adelaide, Hobart, Darwin, Auckland');

/** General ledger accounts: code | name. */
export const GL_ACCOUNTS = table(`
  6100 | Office Supplies
  6110 | Printing and Stationery
  6120 | Postage and Courier
  6200 | IT Equipment
  6210 | Software Subscriptions
  6220 | Telecommunications
  6300 | Repairs and Maintenance
  6310 | Cleaning
  6320 | Security Services
  6330 | Grounds Maintenance
  6340 | Pest Control
  6400 | Motor Vehicle Expenses
  6410 | Fuel
  6420 | Freight Inward
  6430 | Freight Outward
  6440 | Tolls and Parking
  6500 | Consulting Fees
  6510 | Legal Fees
  6520 | Contractors
  6530 | Recruitment
  6540 | Audit Fees
  6600 | Training and Development
  6610 | Travel and Accommodation
  6620 | Staff Amenities
  6630 | Memberships and Subscriptions
  6700 | Marketing and Advertising
  6710 | Events and Sponsorship
  6800 | Electricity
  6810 | Water
  6820 | Gas
  6900 | Safety Equipment
  6910 | Uniforms and PPE
  7000 | Laboratory Consumables
  7010 | Packaging
  7020 | Raw Materials
  1500 | Plant and Equipment (capital)
  1510 | Computer Equipment (capital)
  1520 | Furniture and Fittings (capital)
  1530 | Motor Vehicles (capital)
  1540 | Building Improvements (capital)`) as [string, string][];

/** Vendor name parts. */
export const VENDOR_STEMS = list(`
  Officeworks, Dataflow, Metro, Allied, Apex, Crown, Pinnacle, Unity, Keystone, Bayside, Frontier
  Horizon, Landmark, Precision, Reliance, Sterling, Trident, Vanguard, Zenith, Coral, Outback, Anchor
  Beacon, Cascade`);
export const VENDOR_KINDS = list(`
  Office Supplies, IT Solutions, Industrial Supply, Electrical, Cleaning Services, Freight
  Safety Supplies, Print Group, Facility Services, Scientific, Plumbing, Catering, Hire
  Technology Partners, Packaging`);

/** Catalogue items: name | unit of measure | typical unit price in dollars. */
export const PRODUCTS = table(`
  A4 copy paper 80 gsm (carton of 5 reams) | case | 32
  Ballpoint pens blue (box of 50) | box | 18
  Toner cartridge black high yield | each | 165
  14-inch business laptop | each | 1899
  27-inch monitor | each | 429
  Docking station USB-C | each | 289
  Wireless keyboard and mouse | each | 79
  Noise-cancelling headset | each | 249
  Ergonomic office chair | each | 649
  Sit-stand desk | each | 1150
  Safety glasses clear (box of 12) | box | 64
  Hi-vis vest class D/N | each | 19
  Steel-capped boots | each | 189
  Nitrile gloves (box of 100) | box | 22
  Hard hat white | each | 35
  First aid kit workplace | each | 145
  Cleaning chemical concentrate | liter | 12
  Paper towel (carton) | case | 56
  Hydraulic hose assembly | each | 310
  Bearing kit conveyor | each | 520
  Forklift battery service | hours | 135
  Pallet wrap 500 mm | case | 89
  Cardboard cartons medium | case | 74
  Diesel fuel | liter | 2
  Laboratory pipette tips (box of 1000) | box | 96
  Reagent kit | each | 780
  Network switch 48 port | each | 3400
  Server memory module 64 GB | each | 690
  Software licence annual | each | 420
  Cloud storage 1 TB per month | each | 28
  Mobile phone | each | 1199
  Projector conference room | each | 2150
  Catering staff workshop | each | 850
  Courier same-day metro | each | 45
  Electrical cable 2.5 mm | meter | 3
  LED panel light | each | 119
  Air conditioning service | hours | 160
  Fire extinguisher 4.5 kg | each | 99
  Whiteboard 1800 x 1200 | each | 389
  Coffee beans | kg | 39
  Industrial vacuum cleaner | each | 1450
  Pressure washer | each | 980
  Tyre light truck | each | 310
  Vehicle service scheduled | each | 540
  Pneumatic impact wrench | each | 420
  Treated pine 90x45 | meter | 9
  Consulting day rate senior | days | 1850
  Contract electrician | hours | 110
  Training course first aid | each | 210
  Label printer | each | 349
  Excavator hire with operator | days | 1650
  Shipping container 20 ft | each | 4200
  Forklift 2.5 t | each | 38500
  Delivery van | each | 52000
  Industrial air compressor | each | 14500`) as [string, string, string][];

/** Free-text lines (services and one-off purchases without a catalogue product). */
export const FREE_LINES = list(`
  Annual fire equipment inspection, Emergency plumbing repair, Quarterly pest treatment
  Grounds maintenance (monthly), Recruitment advertising, Translation of safety manuals
  Removal of e-waste, Calibration of test equipment, Office relocation removalists
  Security patrol (weekend), External window cleaning, Legal review of supplier contract
  Team offsite venue hire, Photography for annual report, Hire of scissor lift`);

/** Justification = opening + object + reason. "Consumables" and "pneumatic" contain "uma", as in life. */
export const JUSTIFICATION_OPENINGS = list(`
  Replacement of, Purchase of, Urgent order for, Quarterly restock of, Additional, Annual renewal of
  Upgrade of, Scheduled replacement of, Trial order of, Top-up of, Request for, Bulk order of`);
export const JUSTIFICATION_OBJECTS = list(`
  office consumables, laptops for new starters, pneumatic tools for the workshop, PPE for the site crew
  cleaning consumables, monitors for the analytics team, laboratory consumables, forklift parts
  software licences, packaging materials, printer toner, first aid supplies, fleet tyres
  conference room equipment, network hardware, ergonomic furniture, safety signage
  spare parts for conveyor line 3, catering for the planning workshop, contract electricians
  HVAC servicing, uniforms for customer service staff, humidity sensors for the warehouse
  document scanning services, marketing collateral`);
export const JUSTIFICATION_REASONS = list(`
  as current stock is nearly exhausted., following the safety audit findings.
  for the new financial year., to support the expansion of the team.
  because the existing equipment is out of warranty., ahead of the peak season.
  as agreed in the quarterly planning meeting., to meet the client delivery deadline.
  requested by the site manager., to replace items damaged in transit.
  under the preferred supplier agreement., for the Brisbane office fit-out.
  to comply with the updated WHS procedure., as budgeted in the operating plan.`);

/** Comments approvers write. */
export const APPROVE_COMMENTS = ['Approved.', 'Within budget.', 'OK to proceed.', 'Approved, thanks.'];
export const REJECT_COMMENTS = list(`
  Not in this quarter's budget., Please use the preferred supplier., Duplicate of an earlier request.
  Not justified at this time.`);
export const INFO_COMMENTS = list(`
  Please attach the supplier quote., Which project is this for?, Can you confirm the quantities?
  Please provide a second quote.`);

/** A PostgreSQL text array expression: `ARRAY['a','b']::text[]`. */
export function sqlTextArray(values: readonly string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}
