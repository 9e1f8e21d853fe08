/** Word lists for the benchmark dataset (scripts/bench-data.ts): Indian guest names, towns, hotels, merchants. */

export const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Shaurya', 'Atharv',
  'Advik', 'Pranav', 'Rohan', 'Kabir', 'Dhruv', 'Aryan', 'Rahul', 'Amit', 'Sanjay', 'Vikram', 'Rajesh', 'Suresh',
  'Manoj', 'Deepak', 'Nikhil', 'Karan', 'Varun', 'Siddharth', 'Harsh', 'Yash', 'Anil', 'Ravi', 'Ganesh', 'Mohammed',
  'Imran', 'Farhan', 'Joseph', 'Thomas', 'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Myra',
  'Sara', 'Ira', 'Aarohi', 'Kavya', 'Meera', 'Ishita', 'Riya', 'Priya', 'Pooja', 'Neha', 'Sneha', 'Anjali', 'Divya',
  'Lakshmi', 'Sunita', 'Kiran', 'Nisha', 'Shreya', 'Tanvi', 'Aditi', 'Swati', 'Deepika', 'Rekha', 'Kavita', 'Fatima',
  'Zoya', 'Ayesha', 'Mary', 'Shalini', 'Gayatri', 'Bhavna', 'Radhika',
];

export const LAST_NAMES = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Desai', 'Iyer', 'Iyengar', 'Nair',
  'Menon', 'Pillai', 'Reddy', 'Rao', 'Naidu', 'Chowdary', 'Kulkarni', 'Patil', 'Deshpande', 'Jadhav', 'Pawar',
  'Banerjee', 'Chatterjee', 'Mukherjee', 'Ghosh', 'Bose', 'Sen', 'Das', 'Dutta', 'Chopra', 'Kapoor', 'Malhotra',
  'Khanna', 'Arora', 'Bhatia', 'Sethi', 'Ahuja', 'Agarwal', 'Bansal', 'Goel', 'Jain', 'Saxena', 'Srivastava',
  'Tiwari', 'Mishra', 'Pandey', 'Dubey', 'Yadav', 'Chauhan', 'Rathore', 'Shetty', 'Hegde', 'Kamath', 'Fernandes',
  "D'Souza", 'Khan', 'Shaikh', 'Qureshi', 'Siddiqui', 'Kurian', 'Varghese', 'Thakur', 'Bhatt',
];

export const TOWNS = [
  'Goa', 'Jaipur', 'Udaipur', 'Munnar', 'Shimla', 'Manali', 'Rishikesh', 'Varanasi', 'Agra', 'Mysuru', 'Ooty',
  'Kodaikanal', 'Darjeeling', 'Gangtok', 'Leh', 'Srinagar', 'Amritsar', 'Jodhpur', 'Jaisalmer', 'Pushkar',
  'Alleppey', 'Kochi', 'Kovalam', 'Varkala', 'Pondicherry', 'Mahabalipuram', 'Hampi', 'Gokarna', 'Coorg', 'Chikmagalur',
  'Lonavala', 'Mahabaleshwar', 'Alibaug', 'Nashik', 'Aurangabad', 'Khajuraho', 'Bhopal', 'Mount Abu', 'Dharamshala',
  'Mussoorie', 'Nainital', 'Haridwar', 'Shillong', 'Puri', 'Konark', 'Digha', 'Port Blair', 'Havelock', 'Madurai',
  'Rameswaram',
];

export const HOTEL_WORDS = [
  'Royal', 'Grand', 'Heritage', 'Palm', 'Lotus', 'Sea Breeze', 'Hill View', 'Silver Oak', 'Golden', 'Emerald',
  'Sunrise', 'Lake View', 'Orchid', 'Banyan', 'Coral', 'Maple', 'Sapphire', 'Pearl', 'Green Valley', 'Riverside',
];
export const HOTEL_KINDS = ['Residency', 'Inn', 'Resort', 'Suites', 'Retreat', 'Palace', 'Comforts', 'Stay', 'Regency', 'Villas'];

export const MERCHANT_TYPES = [
  'Restaurant', 'Cafe', 'Spa & Wellness', 'Adventure Sports', 'Handicrafts', 'Bakery', 'Bar & Lounge', 'Boat Tours',
  'Salon', 'Local Tours',
];
export const MERCHANT_WORDS = [
  'Spice', 'Saffron', 'Tandoor', 'Masala', 'Chai', 'Monsoon', 'Peacock', 'Mango', 'Coconut', 'Jasmine', 'Tulsi',
  'Banyan', 'Himalayan', 'Malabar', 'Konkan', 'Rajputana', 'Nilgiri', 'Ganga', 'Kesar', 'Cardamom',
];
export const MERCHANT_KINDS = ['Garden', 'House', 'Corner', 'Point', 'Junction', 'Studio', 'Hub', 'Court', 'Village', 'Bazaar'];

/** A SQL array literal of texts (the lists above hold no backslashes). */
export const sqlArray = (words: readonly string[]) => `array[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(', ')}]`;
