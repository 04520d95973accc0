/* tests/test_bbob.c — problem 'bbob': COCO's own values at fixed points, every instance's optimum, invariances, refused settings. */
#include <math.h>
#include <stdlib.h>

#include "problems/bbob/bbob.h"
#include "testlib.h"

/* COCO's own values: entries of its regression data for the bbob suite,
 * numbbo/coco code-experiments/test/regression-test/data/
 * regression_test_2data_for_suite_bbob.py (written by cocoex, COCO's Python
 * interface, through create_suite_data.py: 'suite problem index, x' -> f(x)),
 * chosen to cover every function, dimensions 2 to 40 and points outside
 * the box.  Problem index k is dimension (2, 3, 5, 10, 20, 40)[k / 360],
 * function k % 360 / 15 + 1 and instance position k % 15 of the suite's
 * default instances when the data were made ("year: 2016": 1-5, 51-60);
 * the rows carry the decoded triple.  The numbers are copied as printed
 * (17 significant digits). */
static const struct {
    unsigned index, function, dimension, instance;
    double f, x[GA_BBOB_MAX_DIMENSION];
} bbob_coco[] = {
    {720, 1, 5, 1, 3409.8428938036641,
     {
      13.382317228473649, 10.13915864997532, -12.670622241727648, 21.616498180472121, 47.318782398113612}},
    {745, 2, 5, 56, 6581233.6378474887,
     {
      0.33927018774554368, 0.34366526822518917, 0.32676357281325358, -1.6827427258365095,
      1.917220386547233}},
    {755, 3, 5, 51, 691.73690601654528,
     {
      0.14302702011918042, 0.039389115224825216, 0.11966099246159301, -0.14627496167066412,
      0.067765670924453333}},
    {394, 3, 3, 5, 277.44938441488182,
     {
      -0.13836312584565544, -0.0062699120128144915, 0.30241968560881705}},
    {55, 4, 2, 56, 65.851071898236,
     {
      0.44184224186455168, -0.6865152107665744}},
    {413, 4, 3, 54, 265.84481314221841,
     {
      3.3452965440761417, 1.932155230311613, -2.490804205371199}},
    {1125, 4, 10, 1, -166.09388640027845,
     {
      -0.27274711930265672, -1.7323072286189416, -0.59051812044358831, 1.1513995553020884,
      0.039743062782827375, 1.9399764817648582, -1.0691844497400784, 2.342911487711183,
      1.231824268399095, 0.89427272062847618}},
    {425, 5, 3, 51, 376.27684949588644,
     {
      3.2468494958864769, -20.113726219033669, 33.434786467508864}},
    {446, 6, 3, 57, 31801.371870102208,
     {
      0.54109015917907599, 0.28530918960544899, 0.45625822078930206}},
    {797, 6, 5, 3, 32263.786884340625,
     {
      -13.970673659422706, -1.0206948487510619, 3.6770626809236622, -4.1208665865535909,
      -1.6407017247730142}},
    {92, 7, 2, 3, 1136.0032451796758,
     {
      -0.15589564659987321, -1.0591918840804744}},
    {95, 7, 2, 51, -24.022508029789961,
     {
      0.53806754481889985, 1.6729640680653468}},
    {1184, 7, 10, 60, 1289.6623660143796,
     {
      2.5023475878881576, 2.3833160195442704, -4.5970266305905314, 3.5374052452980922,
      2.2894281305557764, 2.9825222672911726, 2.2957108074004271, -3.4337051315949871,
      1.3987966046226696, 2.524010680777069}},
    {1170, 7, 10, 1, 850.09425447190688,
     {
      0.07127896933514466, 0.069338680590770724, -0.24502386531612247, -0.10644094505932154,
      -0.0028361810880690869, -0.1177946802769979, 0.019156043745721999, -0.077308988685629867,
      -0.16250002729183, 0.054619761400912223}},
    {112, 8, 2, 53, 17166.10808277371,
     {
      0.28727599530113695, -0.10687418860968133}},
    {117, 8, 2, 58, 148.64420689843777,
     {
      0.048176547213852693, -0.075422276120297949}},
    {114, 8, 2, 55, 30395.881372993885,
     {
      5.2481131290086767, -1.2870905347288224}},
    {128, 9, 2, 54, 843.57561384483199,
     {
      1.3503359305340692, -2.6697367556187981}},
    {845, 9, 5, 51, -200.80087224635434,
     {
      -0.015540646068605377, -5.7570896408380873e-05, 0.003714448648790343, 0.0032547617067083096,
      -0.0016967294840762666}},
    {1208, 9, 10, 54, 2534.620335515996,
     {
      -0.48574262255001216, 0.48465100622064905, -1.6350845351712777, 1.3182423189703101,
      -1.7491258147985846, -0.29456132523639705, -0.31995832355961529, 0.61329396137149728,
      -0.91266562118317696, -1.4490587583863266}},
    {497, 10, 3, 3, 6370665.3429419538,
     {
      0.21128720030087789, 2.1260343430227158, -1.6946222457322055}},
    {153, 11, 2, 4, 20918782.066791113,
     {
      1.9361136676810644, -1.5014043871608866}},
    {510, 11, 3, 1, 11326030.27865451,
     {
      0.0038909526511235987, -0.00025843556830110231, 0.0051249331094613817}},
    {873, 11, 5, 4, 812189.02268257306,
     {
      -0.5440304062592517, -0.66581036479101141, -0.19209640780203416, 0.57562982055464307,
      -0.40543081397694386}},
    {894, 12, 5, 55, 36450210.258501075,
     {
      1.0818445359640174, 0.49199469161538473, -0.21203508836832347, 0.94891591247833362,
      -1.0603183740324771}},
    {1247, 12, 10, 3, 488923882.62610024,
     {
      1.1041981636701979, 0.49837426776816079, -0.078108110690286073, -1.1104295438297178,
      -0.14965583738583646, -0.7594687011959621, 0.22972956626524108, 0.2677996406831662,
      -1.4646217307295351, -0.10112798077036411}},
    {183, 13, 2, 4, 1158.4171691629858,
     {
      -0.48527734685953461, 0.14582002833024926}},
    {189, 13, 2, 55, 580.35976947705808,
     {
      -0.51147865554492122, -0.62557954969488738}},
    {198, 14, 2, 4, 45.572363184703732,
     {
      -0.29748149218593301, -0.60194396702417319}},
    {566, 14, 3, 57, -10.364072984459686,
     {
      0.052259500970817108, -0.073635498722472173, -0.0039361870391941564}},
    {221, 15, 2, 57, 156.13397105698766,
     {
      -1.6543940325244937, -0.1928460387382675}},
    {1294, 15, 10, 5, 164.12629748459159,
     {
      -0.89319975499017157, 2.0030210815907084, -0.036003622572198496, -1.901876477691667,
      2.9267201678314692, 1.6103760700854057, 0.66128554000190409, -2.9271907451121604,
      -5.4771273892496817, 2.5739082453831661}},
    {958, 16, 5, 59, 98.564871360331736,
     {
      -2.6644783059727559, -3.1091775632437741, -5.5229487715524392, 2.1198291429558811,
      -7.7480057362031207}},
    {599, 16, 3, 60, 23.184256577714734,
     {
      10.778598277306443, -1.6418171467491838, 7.4168654109437711}},
    {597, 16, 3, 58, -952.84966899553763,
     {
      0.18081409401431262, -0.084864454380503843, -0.15606826872467755}},
    {243, 17, 2, 4, 64.360558825508548,
     {
      0.32598204350746929, -0.12240041586110581}},
    {251, 17, 2, 57, 37.248773927673888,
     {
      2.1306798503949014, -0.87438383998598523}},
    {257, 18, 2, 3, 383.11822241109655,
     {
      -2.3236829137046375, -0.29582281565743079}},
    {262, 18, 2, 53, 17.858970993242366,
     {
      -0.33886449911609817, -1.2602719324217397}},
    {615, 18, 3, 1, 96.111343882177493,
     {
      0.0090382986014505735, 0.30236885032987804, -1.2088300912574275}},
    {277, 19, 2, 53, 3348.027526383757,
     {
      7.2308172471067751, -7.5788603459747543}},
    {292, 20, 2, 53, 251478.64775010647,
     {
      -4.0841004243917798, -5.7197685484023264}},
    {1010, 20, 5, 51, 3805.4172041419401,
     {
      -0.51735347198185044, 0.23606446270871731, -0.48906808455498729, -0.31315899505683742,
      -0.24084730224447565}},
    {1019, 20, 5, 60, 5700.7942472497871,
     {
      -1.1350279438369546, -1.9410240998959454, -2.0356370449738899, 1.3630001064825596,
      1.2324993855970634}},
    {661, 21, 3, 2, 12.918395773565544,
     {
      -0.0060400531773042799, 0.18134741311175115, 0.063260617424276924}},
    {672, 21, 3, 58, 91.197107645507543,
     {
      -0.7628696145106828, -0.41471817518863779, 0.69690476260240597}},
    {1020, 21, 5, 1, 142.31188369733121,
     {
      3.6472217223054555, -3.9785310018064211, -3.7791315682464774, -9.2294643938015017,
      1.7179725043474665}},
    {684, 22, 3, 55, -159.62359036662883,
     {
      1.5151894465638467, -0.2280075687642758, 2.3875790758432194}},
    {332, 23, 2, 3, -104.73656135785458,
     {
      0.094812294860924226, 0.33238069179051011}},
    {1053, 23, 5, 4, -210.07597929189794,
     {
      0.054664465076689969, 0.0038247183269724473, 0.0050028076042338086, -0.01160979023506252,
      0.24351156140149319}},
    {706, 24, 3, 2, 21731895.747123357,
     {
      -29.374959365636979, -12.309192201539119, -44.054881355911938}},
    {719, 24, 3, 60, -901.885772169235,
     {
      0.96854847781425657, -0.033883581289849848, 0.31127146800281486}},
    {1439, 24, 10, 60, -790.86151591829173,
     {
      0.9862210297871723, -0.16524999013453587, 0.12599628293770215, 0.76991227069270074,
      0.030068781625675951, 0.36240473033837467, -0.063539713423306013, 0.30594764190587048,
      0.28186216198153791, -0.54492584703162938}},
    {1485, 4, 20, 1, 51079.295004616462,
     {
      -12.661199631112892, -3.4785176327391776, -4.7889377553119212, 18.314811480714926,
      5.3289477854304987, 0.85542998754374555, 8.9881469513374253, -14.883330703665964,
      -3.8116723264461045, 0.68696039583408885, -6.2117320137107788, 0.48572577858537874,
      -5.2693064836082764, -2.7390171000652321, -9.0792012587764237, 3.0061474597261091,
      -0.075203424346739767, -5.0911784857289684, -2.9523918906230748, 5.7813027595883772}},
    {1513, 5, 20, 59, 424.29492323133246,
     {
      1.4531017778553179, -4.2172601720070961, -1.9571279542740352, -2.2335097843618783,
      0.48024121844864415, -2.2450610694227597, -1.086033480883289, -2.6946643403457098,
      -1.9165979691090997, -1.5657713212426054, 0.60426554163843182, -2.0891602154405238,
      -0.49528156898639913, 2.2950693574525709, 2.5037759415911882, 1.1638486945654194,
      1.0561780865357535, 0.31545627910364032, 1.6578805248825081, 0.65108700042653589}},
    {1578, 10, 20, 4, 9363065.020960886,
     {
      0.087737128344651791, 0.070882560261262773, -0.26893700171717499, -0.16726862231649739,
      0.34037932037835633, 0.017274513419106848, -0.24240584993463521, -0.26186461438430941,
      0.071612855995699082, 0.3181100173496238, 0.2599025844540751, -0.26277327229276892,
      -0.16107254881731989, -0.01412235234359435, -0.24213936654894913, 0.0041103053493564811,
      -0.05931152305679771, -0.31626793218910831, -0.14799614357000671, 0.057068051841757408}},
    {1628, 13, 20, 54, 1525.7043415766952,
     {
      1.1665684414383886, -0.51550578202443276, 0.63474148769918559, 0.9118703553325217,
      -0.12500642561596581, 1.5458497850369688, 0.15495117603427161, -0.09279889143728251,
      0.48597638586891867, -0.68779829311529073, 0.70967610396011438, -0.52549330618489909,
      1.4716367376929878, -1.684892458711114, -0.48091094593059686, 0.65814347274604301,
      -0.40563400540134931, -0.77571463319962819, -0.031063756669101425, -0.86006155955948405}},
    {1697, 18, 20, 3, 476.86619886111225,
     {
      -0.25105174597651497, 0.19203390022248135, 0.96794956696284495, 0.99915701418998293,
      0.54404190353614135, 0.99245069593070834, -0.28737899427062108, 0.22533023483951714,
      0.080453979846472526, 0.31732158308209146, -0.052291777917139175, -1.0031267627002629,
      -0.15391333128245749, 0.52394484385743478, 1.3789488670964993, -0.4451115392674892,
      -0.055693112816234562, -0.35265883540613113, 0.93114855829635035, -1.1032454666776641}},
    {1738, 20, 20, 59, 22011.738144589424,
     {
      0.038754402307710011, 0.30293260909379305, 0.1168492638186775, -0.30740549783217053,
      -0.0070590164533426598, 1.5285366448608844, -2.6452245844008044, -0.33886331715125889,
      0.33102079049028793, 1.9311653513025975, 0.92107447800395881, -2.4252157914870391,
      0.59465312029164097, -1.4779340462447339, 0.62962330005694167, 0.55942808955630663,
      0.28410787332479531, -0.25960144803709845, 1.6547681779045478, 0.052050553180817784}},
    {1751, 21, 20, 57, -369.00223422967383,
     {
      -6.0907757009128911, 3.5008726122278415, 4.0707975954598208, 2.3677119075722914,
      -3.002923390342457, -3.6423555642095486, -2.9253071037164271, 1.4663142968079557,
      2.3719479304630013, -2.9820436203501672, -0.082842012286139147, -5.9559126025907698,
      1.4807647902514645, -6.098811822379421, -2.9079292210884704, -1.1059398906842344,
      -5.8839393739314216, -0.3914151247465244, 3.0264253308331992, -0.8433045304829192}},
    {1775, 23, 20, 51, -363.65880242491068,
     {
      0.24824106678393593, 0.16701438010573613, -0.081871041347725756, -0.15060751868720809,
      -0.39680152598030166, 0.30620508317965256, 0.37877664649812137, 0.50484766829100292,
      0.12919305099984746, 0.068831699654296599, 0.54934668590565228, -0.10110128849746729,
      -0.25321811570141844, -0.10974891271135984, 0.12240199899292466, 0.4070424556933494,
      0.48272645522561936, 0.27484721941974483, 0.042670564374185239, -0.026126439711465912}},
    {1787, 24, 20, 3, 8985542.3225262929,
     {
      19.410214663625126, -5.6478997724178122, -0.53011912447321163, 10.181595562040641,
      -0.35973965538815406, -14.896407475413488, 11.203482686613762, 16.657906412003797,
      5.5164553158893499, -15.154368982700767, 10.284878763956984, 3.4355744546089868,
      -2.2222768524117011, -4.0557181115756871, -3.0945811621554657, -3.9040097226800379,
      7.5968494602687366, 19.275403763529781, 1.4235170701854394, 11.981180234339053}},
    {1819, 2, 40, 5, 2154538413.5167832,
     {
      39.185570278603578, 74.287727727659998, 33.730162256648022, -43.248324054311794,
      -11.008483499458647, -2.2711608405516759, 0.63918891630331565, -19.901647481449775,
      -35.143733848234142, 20.683470163818598, 29.52278469618809, 53.880724321869629,
      -34.016239143892584, 40.95671827135785, -64.423755215446718, 5.4634906983172407,
      -94.97271603447372, 16.413066430958114, 34.563775122978534, -40.540578006312508,
      6.6527239922048818, 18.683054277292477, -32.619041827076799, -13.58000653626506,
      -47.7422194538049, -17.012595209319464, 0.22444403447716577, 3.4758057091283185,
      30.635998799332359, 14.640701157658921, -19.738779944323674, -10.892681171761717,
      32.844532025799694, 19.29396292881103, 14.802034691911585, -14.390792881281515,
      32.147007702678188, -22.803784739125064, 35.3872839047593, -19.183863930519934}},
    {1876, 6, 40, 2, 6618882.1676374013,
     {
      4.1812127977554638, -2.7449102722744509, -2.746162357406051, 1.7588694682122581,
      4.3061433802012887, 2.7408983670332834, 3.8252943114494404, -5.2149925650923352,
      4.3080324263736687, -2.8042085524315636, 5.751582890165956, -0.51740559779251327,
      -7.2302350124498522, 3.2650609196333726, 7.063071289634701, 5.2201590486542244,
      -7.7792321228726315, 9.4315858242386721, -1.6096763213885652, -6.4999346727883918,
      -2.5913282269681921, -12.486900916768139, -0.29696676045027631, -6.8780988327313937,
      7.0627024880386937, 9.6680753438820961, 0.60039381358077903, -5.3907526087635764,
      1.5508015468825036, -7.6023119254014926, -3.5946526389966804, 2.6585862908635418,
      -2.2827100937606883, 4.1039981936314334, -5.0222552258666644, 9.2627656048005722,
      -9.3451543880695187, -4.6848651170317659, 6.0800145050589434, 2.3235908323900691}},
    {1927, 9, 40, 53, 99.986702407179223,
     {
      -0.087507475694770992, -0.089735134905811989, 0.25051142712554536, -0.011220325901706366,
      -0.13042193360448334, 0.03849538050578525, 0.080540734233961755, -0.072137870268230056,
      -0.21243339248095361, 0.10304938383109691, 0.028809108841559791, -0.074420156983639199,
      -0.097897028650490853, 0.1676581931856525, -0.23940784163984657, -0.21065169100576711,
      0.094438721272275775, -0.019115405134277366, -0.077475692407785623, 0.038175396868376947,
      -0.2025232801451502, -0.28034744891519298, -0.032896909434603536, 0.057821200788992048,
      -0.05243136092040062, 0.13938670182688337, 0.10931059029438682, 0.14689138564535806,
      -0.004599078906755088, 0.028768798751224699, -0.11721145338498397, 0.27675608254477113,
      -0.045561591434947486, -0.14251772657632758, -0.12719672173362209, 0.30321825553658688,
      0.20450061073231646, -0.25302958417328425, -0.4326649736429164, 0.10822418570122189}},
    {2070, 19, 40, 1, 659.78298298332811,
     {
      -5.2483974913594578, -0.82540630678951088, -12.892279764324554, -0.52289437145482032,
      -2.6055636846444119, 5.813861001552123, 4.2358574220282375, 4.7953954394488987,
      -15.416555733995159, -4.2548658898202953, 4.4963334214734756, 3.4519046609897122,
      3.776818320245265, -2.3168685420831419, -1.4999879950933812, -3.5538884502967165,
      6.6962795780024047, 1.5581457847388913, -3.0516303024144511, -12.206636683589089,
      10.977024901149223, 10.02676533679807, 2.7675696567222241, 2.7892336013577284,
      -0.41818906478195339, 1.4790342070986828, -7.1099738455471684, 13.419618448586862,
      8.8834069519488246, 6.9095425600086555, 5.8101463020442825, -0.63204836155709365,
      0.42666404464360441, -1.7937004802210836, 6.2886531701601118, -0.48108746220328602,
      -0.012941926041894982, -3.8274103132093384, 0.96904286960405528, 0.98448004224007224}},
    {2152, 24, 40, 53, 730.14633265198802,
     {
      -0.019658841624866613, 0.071044611423199233, -0.033965987097382633, -0.049685951548457924,
      0.042839719967314248, 0.019038045269069798, -0.022273978216666195, 0.046685821493394467,
      -0.018062047413922321, 0.016751009390475646, 0.014983412444745501, -0.0027330761163914998,
      -0.039981268790183107, -0.01206583175225601, -0.046145578248494787, -0.048326486845861147,
      -0.096487889192223578, 0.0012881096907072611, -0.019344353188470709, 0.043108663978364402,
      0.042463128913948961, 0.040282146844347111, -0.041519978087318374, 0.06650450136433074,
      -0.022745084758101074, -0.0022352548745391502, 0.026530799042646904, -0.025284990381152114,
      0.04759177767483188, -0.03746053865610674, -0.030540215903888206, 0.00062844845040671516,
      0.060219325454148077, 0.049917591653528402, -0.019199632402259532, 0.024593443561200388,
      -0.019239060474562582, -0.028640137553795852, 0.033352372629476892, -0.084364958969309553}},
};
#define BBOB_COCO_COUNT (sizeof bbob_coco / sizeof *bbob_coco)

static const size_t bbob_dims[] = {2, 3, 5, 10, 20, 40};

/* A configured instance (asserted). */
static struct test_experiment *bbob_alloc(unsigned f, size_t d, unsigned i)
{
    char text[256];
    snprintf(text, sizeof text, "problem = { name = \"bbob\"; function = %u; dimension = %zu; instance = %u; };", f, d, i);
    struct test_experiment *t = test_experiment_alloc(text);
    if (!t->e) {
        char msg[1024];
        fail_msg("f%u d%zu i%u refused: %s", f, d, i, test_first_diag(t, msg, sizeof msg));
    }
    return t;
}

static bool bbob_close(double got, double want, double rel)
{
    return fabs(got - want) <= rel * fmax(1.0, fabs(want));
}

/* (b) COCO's values at its own points, to 1e-9 relative. */
static void test_coco_values(void **unused)
{
    (void)unused;
    bool seen[GA_BBOB_FUNCTIONS + 1] = {false};
    for (size_t k = 0; k < BBOB_COCO_COUNT; k++) {
        struct test_experiment *t = bbob_alloc(bbob_coco[k].function, bbob_coco[k].dimension, bbob_coco[k].instance);
        double f = ga_bbob_value(t->e->state, bbob_coco[k].x);
        if (!bbob_close(f, bbob_coco[k].f, 1e-9))
            fail_msg("COCO problem %u (f%u d%u i%u): %.17g, COCO %.17g", bbob_coco[k].index, bbob_coco[k].function,
                     bbob_coco[k].dimension, bbob_coco[k].instance, f, bbob_coco[k].f);
        seen[bbob_coco[k].function] = true;
        test_experiment_free(t);
    }
    for (unsigned f = 1; f <= GA_BBOB_FUNCTIONS; f++)
        if (!seen[f])
            fail_msg("f%u has no COCO value", f);
}

/* The minimiser, built here from the generators and the definitions
 * (not from the state): xopt for most functions, else the function's own. */
static void bbob_minimiser(unsigned f, size_t n, unsigned inst, double *x)
{
    long seed = (f == 4 ? 3 : f == 18 ? 17 : (long)f) + 10000L * inst;
    double u[GA_BBOB_GALLAGHER_PEAKS * GA_BBOB_MAX_DIMENSION], r[GA_BBOB_MAX_DIMENSION * GA_BBOB_MAX_DIMENSION];
    double scratch[3 * GA_BBOB_MAX_DIMENSION * GA_BBOB_MAX_DIMENSION];
    ga_bbob_xopt(x, n, f == 12 ? seed + 1000000 : seed);
    switch (f) {
    case 4: /* Bueche-Rastrigin: the odd coordinates (from 1) made positive */
        for (size_t i = 0; i < n; i += 2)
            x[i] = fabs(x[i]);
        break;
    case 5: /* linear slope: the corner on xopt's side */
        for (size_t i = 0; i < n; i++)
            x[i] = x[i] < 0 ? -5.0 : 5.0;
        break;
    case 8: /* Rosenbrock: z = x - 0.75 xopt + 1 (scale 1 up to 64 dimensions) is 1 */
        for (size_t i = 0; i < n; i++)
            x[i] *= 0.75;
        break;
    case 9:  /* Rosenbrock rotated: R x + 1/2 = 1 */
    case 19: /* Griewank-Rosenbrock: the same */
        ga_bbob_rotation(r, n, seed, scratch);
        for (size_t j = 0; j < n; j++) {
            x[j] = 0;
            for (size_t i = 0; i < n; i++)
                x[j] += r[i * n + j] / 2.0;
        }
        break;
    case 20: /* Schwefel: +-4.2096874633 / 2, COCO's best parameter */
        ga_bbob_unif(u, n, seed);
        for (size_t i = 0; i < n; i++)
            x[i] = (u[i] < 0.5 ? -0.5 : 0.5) * 4.2096874633;
        break;
    case 21: /* Gallagher: the highest peak, 0.8 (b u - c) */
    case 22:
        ga_bbob_unif(u, n * (f == 21 ? 101 : 21), seed);
        for (size_t i = 0; i < n; i++)
            x[i] = f == 21 ? 0.8 * (10.0 * u[i] - 5.0) : 0.8 * (9.8 * u[i] - 4.9);
        break;
    case 24: /* Lunacek: mu0 / 2 with the signs of a Gaussian draw */
        ga_bbob_gauss(u, n, seed, scratch);
        for (size_t i = 0; i < n; i++)
            x[i] = u[i] < 0 ? -1.25 : 1.25;
        break;
    }
}

/* (a) For every function, dimensions 2 to 40 and instances 1 to 15: the
 * minimiser is in the box and has fitness 0 (f = f_opt within 1e-12
 * relative), and random points of the box are no better. */
static void test_optimum_every_instance(void **unused)
{
    (void)unused;
    gsl_rng *rng = test_rng_alloc(31);
    double x[GA_BBOB_MAX_DIMENSION + 1];
    const ga_gene *g = (const ga_gene *)(const void *)x;
    for (unsigned f = 1; f <= GA_BBOB_FUNCTIONS; f++)
        for (size_t d = 0; d < sizeof bbob_dims / sizeof *bbob_dims; d++)
            for (unsigned inst = 1; inst <= 15; inst++) {
                size_t n = bbob_dims[d];
                struct test_experiment *t = bbob_alloc(f, n, inst);
                const struct ga_bbob *b = t->e->state;
                struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
                assert_true(b->fopt == ga_bbob_fopt(f, inst) && fabs(b->fopt) <= 1000);
                bbob_minimiser(f, n, inst, x);
                for (size_t i = 0; i < n; i++) /* the state's, as print and the doc give it */
                    if (!bbob_close(b->best[i], x[i], 1e-12))
                        fail_msg("f%u d%zu i%u: x*[%zu] = %.17g, built here %.17g", f, n, inst, i, b->best[i], x[i]);
                x[n] = 0.1;
                assert_true(t->e->problem->valid(&gen, g));
                double at = ga_bbob_value(b, x);
                if (!bbob_close(at, b->fopt, 1e-12))
                    fail_msg("f%u d%zu i%u: f(x*) = %.17g, f_opt %.17g", f, n, inst, at, b->fopt);
                if (!(t->e->problem->evaluate(&gen, g) <= 1e-12 * fmax(1, fabs(b->fopt))))
                    fail_msg("f%u d%zu i%u: fitness at x* %g", f, n, inst, t->e->problem->evaluate(&gen, g));
                for (int k = 0; k < 20; k++) {
                    for (size_t i = 0; i < n; i++)
                        x[i] = -5.0 + 10.0 * ga_rng_uniform(rng);
                    double v = ga_bbob_value(b, x);
                    if (!(v >= at - 1e-12 * fmax(1, fabs(b->fopt))))
                        fail_msg("f%u d%zu i%u: f = %.17g below f(x*) = %.17g", f, n, inst, v, at);
                }
                test_experiment_free(t);
            }
    gsl_rng_free(rng);
}

/* T_osz, written here from the definition. */
static double bbob_test_osz(double v)
{
    if (v == 0)
        return 0;
    double h = log(fabs(v)), c1 = v > 0 ? 10 : 5.5, c2 = v > 0 ? 7.9 : 3.1;
    return (v > 0 ? 1 : -1) * exp(h + 0.049 * (sin(c1 * h) + sin(c2 * h)));
}

/* (b) Values computed here from the definitions at instance 1, with xopt
 * from the generator and f_opt as COCO's bbob2009 instance 1 has it:
 * sphere, separable ellipsoid, linear slope. */
static void test_simple_by_hand(void **unused)
{
    (void)unused;
    const double fopt1[] = {79.48, -209.88, -9.21}; /* f1, f2, f5 at instance 1, as bbob2009 lists them */
    const unsigned fs[] = {1, 2, 5};
    assert_true(ga_bbob_fopt(1, 1) == 79.48);
    for (size_t k = 0; k < 3; k++)
        assert_true(ga_bbob_fopt(fs[k], 1) == fopt1[k]);
    for (size_t d = 0; d < sizeof bbob_dims / sizeof *bbob_dims; d++) {
        size_t n = bbob_dims[d];
        double x[GA_BBOB_MAX_DIMENSION], xopt[GA_BBOB_MAX_DIMENSION];
        for (size_t i = 0; i < n; i++)
            x[i] = 4.5 - 9.0 * (double)i / (double)(n - 1); /* 4.5 ... -4.5 */
        for (size_t k = 0; k < 3; k++) {
            unsigned f = fs[k];
            ga_bbob_xopt(xopt, n, (long)f + 10000);
            for (size_t i = 0; i < n; i++) /* the grid of step 8e-4 in [-4, 4) */
                assert_true(xopt[i] >= -4 && xopt[i] < 4 && fabs(xopt[i] / 8e-4 - round(xopt[i] / 8e-4)) < 1e-6);
            double want = 0;
            for (size_t i = 0; i < n; i++) {
                double e = (double)i / (double)(n - 1), u = x[i] - xopt[i];
                if (f == 1)
                    want += u * u;
                else if (f == 2)
                    want += pow(10, 6 * e) * bbob_test_osz(u) * bbob_test_osz(u);
                else /* slope 10^e toward the corner 5 sign(xopt), 5 |s| - s x */
                    want += (xopt[i] < 0 ? -1 : 1) * pow(10, e) * ((xopt[i] < 0 ? -5 : 5) - x[i]);
            }
            want += fopt1[k];
            struct test_experiment *t = bbob_alloc(f, n, 1);
            double got = ga_bbob_value(t->e->state, x);
            if (!bbob_close(got, want, 1e-12))
                fail_msg("f%u d%zu: %.17g, by hand %.17g", f, n, got, want);
            test_experiment_free(t);
        }
    }
}

/* rows of a (n x n, row-major) orthonormal within 1e-12 */
static void bbob_assert_orthonormal(const double *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            double s = 0;
            for (size_t k = 0; k < n; k++)
                s += a[i * n + k] * a[j * n + k];
            if (fabs(s - (i == j)) > 1e-12)
                fail_msg("rotation: row %zu . row %zu = %.17g", i, j, s);
        }
}

/* y = a' u (a row-major n x n) */
static void bbob_transpose_mul(const double *a, const double *u, double *y, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        y[j] = 0;
        for (size_t i = 0; i < n; i++)
            y[j] += a[i * n + j] * u[i];
    }
}

/* (c) What the definitions imply: the rotations are orthonormal and the
 * ones the generator draws from seeds rseed and rseed + 1e6; a rotated
 * function at xopt + R'u equals its unrotated core at u (f10 ellipsoid,
 * f11 discus, f14 different powers; f13 sharp ridge at xopt + R' L^-1 Q'u);
 * the separable ones at xopt + u likewise (f2); the sphere is the same at
 * xopt + u and xopt + P u for any rotation P; Rosenbrock at 0.75 xopt + u. */
static void test_invariances(void **unused)
{
    (void)unused;
    gsl_rng *rng = test_rng_alloc(7);
    double scratch[3 * GA_BBOB_MAX_DIMENSION * GA_BBOB_MAX_DIMENSION], rot[GA_BBOB_MAX_DIMENSION * GA_BBOB_MAX_DIMENSION];
    double u[GA_BBOB_MAX_DIMENSION], v[GA_BBOB_MAX_DIMENSION], x[GA_BBOB_MAX_DIMENSION];
    const unsigned fs[] = {1, 2, 8, 10, 11, 13, 14};
    for (size_t d = 0; d < sizeof bbob_dims / sizeof *bbob_dims; d++)
        for (unsigned inst = 1; inst <= 15; inst += 7)
            for (size_t k = 0; k < sizeof fs / sizeof *fs; k++) {
                size_t n = bbob_dims[d];
                unsigned f = fs[k];
                struct test_experiment *t = bbob_alloc(f, n, inst);
                const struct ga_bbob *b = t->e->state;
                long seed = (long)f + 10000L * inst;
                ga_bbob_rotation(rot, n, seed, scratch);
                assert_memory_equal(rot, b->r, n * n * sizeof *rot);
                ga_bbob_rotation(rot, n, seed + 1000000, scratch);
                assert_memory_equal(rot, b->q, n * n * sizeof *rot);
                bbob_assert_orthonormal(b->r, n);
                bbob_assert_orthonormal(b->q, n);
                for (int trial = 0; trial < 5; trial++) {
                    double core = 0, s = 0;
                    for (size_t i = 0; i < n; i++)
                        u[i] = -2.0 + 4.0 * ga_rng_uniform(rng);
                    switch (f) {
                    case 1: /* P: the rotation of another seed */
                        ga_bbob_rotation(rot, n, 4242 + trial, scratch);
                        bbob_transpose_mul(rot, u, v, n);
                        for (size_t i = 0; i < n; i++) {
                            x[i] = b->xopt[i] + v[i];
                            core += u[i] * u[i];
                        }
                        break;
                    case 2:
                    case 10:
                        if (f == 10)
                            bbob_transpose_mul(b->q, u, v, n);
                        for (size_t i = 0; i < n; i++) {
                            x[i] = b->xopt[i] + (f == 10 ? v[i] : u[i]);
                            core += pow(1e6, (double)i / (double)(n - 1)) * bbob_test_osz(u[i]) * bbob_test_osz(u[i]);
                        }
                        break;
                    case 8:
                        for (size_t i = 0; i + 1 < n; i++) {
                            double a = (u[i] + 1) * (u[i] + 1) - (u[i + 1] + 1);
                            core += 100 * a * a + u[i] * u[i];
                        }
                        for (size_t i = 0; i < n; i++)
                            x[i] = b->xopt[i] + u[i]; /* b->xopt is 0.75 xopt */
                        break;
                    case 11:
                    case 14:
                        bbob_transpose_mul(b->q, u, v, n);
                        for (size_t i = 0; i < n; i++) {
                            x[i] = b->xopt[i] + v[i];
                            if (f == 11)
                                core += (i == 0 ? 1e6 : 1) * bbob_test_osz(u[i]) * bbob_test_osz(u[i]);
                            else
                                core += pow(fabs(u[i]), 2 + 4 * (double)i / (double)(n - 1));
                        }
                        if (f == 14)
                            core = sqrt(core);
                        break;
                    case 13: /* x = xopt + R' L^-1 Q' u, L = diag(10^(i / 2 (n-1))) */
                        bbob_transpose_mul(b->q, u, v, n);
                        for (size_t i = 0; i < n; i++)
                            v[i] /= pow(10, 0.5 * (double)i / (double)(n - 1));
                        bbob_transpose_mul(b->r, v, x, n);
                        for (size_t i = 0; i < n; i++) {
                            x[i] += b->xopt[i];
                            s += i ? u[i] * u[i] : 0;
                        }
                        core = u[0] * u[0] + 100 * sqrt(s);
                        break;
                    }
                    double got = ga_bbob_value(b, x) - b->fopt;
                    if (!bbob_close(got, core, 1e-9))
                        fail_msg("f%u d%zu i%u: f - f_opt = %.17g, the core at u %.17g", f, n, inst, got, core);
                }
                test_experiment_free(t);
            }
    gsl_rng_free(rng);
}

/* (d) Settings out of range are refused with the file, the line and the range. */
static void test_bad_settings(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"bbob\"; function = 0; };",
                      "test.cfg:1: problem.function: expected an integer in [1, 24], got 0");
    test_expect_error("problem = { name = \"bbob\"; function = 25; };",
                      "test.cfg:1: problem.function: expected an integer in [1, 24], got 25");
    test_expect_error("problem = { name = \"bbob\";\n dimension = 3; };",
                      "test.cfg:1: problem.function: missing: a BBOB function number in [1, 24]");
    test_expect_error("problem = { name = \"bbob\"; function = 3;\n dimension = 1; };",
                      "test.cfg:2: problem.dimension: expected an integer in [2, 40], got 1");
    test_expect_error("problem = { name = \"bbob\"; function = 3; dimension = 41; };",
                      "test.cfg:1: problem.dimension: expected an integer in [2, 40], got 41");
    test_expect_error("problem = { name = \"bbob\"; function = 3; instance = 0; };",
                      "test.cfg:1: problem.instance: expected an integer in [1, 1000], got 0");
    test_expect_error("problem = { name = \"bbob\"; function = 3; instances = 2; };", "problem.instances");
    /* Every mistake gets its own message. */
    struct test_experiment *t = test_experiment_alloc("problem = { name = \"bbob\"; function = 25; dimension = 1; instance = 0; };");
    assert_null(t->e);
    assert_true(t->diag.count >= 3);
    test_experiment_free(t);
}

/* The column best_f is the raw f(x) of the generation's best, and print
 * writes x; the bounds are [-5, 5]^D. */
static void test_column_and_print(void **unused)
{
    (void)unused;
    struct test_experiment *t = bbob_alloc(15, 4, 2);
    const struct ga_bbob *b = t->e->state;
    struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
    assert_int_equal(gen.reals, 4);
    for (size_t i = 0; i < 4; i++)
        assert_true(gen.lower[i] == -5.0 && gen.upper[i] == 5.0);
    size_t stride = ga_genome_stride(gen.len);
    ga_gene *block = aligned_alloc(64, 3 * stride * sizeof *block);
    gsl_rng *r = test_rng_alloc(3);
    double fit[3];
    for (size_t i = 0; i < 3; i++) {
        t->e->problem->init(&gen, r, block + i * stride);
        assert_true(t->e->problem->valid(&gen, block + i * stride));
        fit[i] = t->e->problem->evaluate(&gen, block + i * stride);
    }
    struct ga_population pop = {block, stride, 3, 1, fit};
    double value;
    assert_int_equal(ga_problem_column_count(t->e->problem), 1);
    const struct ga_problem_columns *columns = ga_problem_columns(t->e->problem);
    assert_string_equal(columns->names[0], "best_f");
    columns->measure(&gen, &pop, &value);
    const double *x1 = ga_genome_creals(block + stride);
    assert_true(value == ga_bbob_value(b, x1));
    assert_true(bbob_close(value - b->fopt, fit[1], 1e-12));
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    t->e->problem->print(&gen, block + stride, out);
    fclose(out);
    char line[64];
    snprintf(line, sizeof line, "x4 = %.17g\n", x1[3]);
    assert_non_null(strstr(text, line));
    assert_non_null(strstr(text, "bbob f15 instance 2 in 4D"));
    free(text);
    gsl_rng_free(r);
    free(block);
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coco_values),
        cmocka_unit_test(test_optimum_every_instance),
        cmocka_unit_test(test_simple_by_hand),
        cmocka_unit_test(test_invariances),
        cmocka_unit_test(test_bad_settings),
        cmocka_unit_test(test_column_and_print),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
